import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { extractTxt } from '../txt-extract';
import { markdownToBlocks } from '../markdown-extract';

// Course pages written for these tests (no outside source), in the shapes Hugo, Jekyll and Franklin sites use.

describe('Markdown links', () => {
  it('keeps a picture from the web it cannot fetch as its alt text: inside the link around it, or as a link to the picture', () => {
    const { blocks } = markdownToBlocks(
      [
        'Cover: [![the album cover](https://example.org/small.jpg)](https://example.org/large.jpg)',
        '',
        '![a diagram of the stack](https://example.org/stack.png)',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.text)).toEqual(['Cover: the album cover', 'a diagram of the stack']);
    expect(blocks[0].links).toEqual([{ text: 'the album cover', href: 'https://example.org/large.jpg' }]);
    expect(blocks[1].links).toEqual([{ text: 'a diagram of the stack', href: 'https://example.org/stack.png' }]);
  });

  it('keeps inline links, autolinks, bare addresses and <a href> as block links, and the book shows them as anchors', () => {
    const { blocks } = markdownToBlocks(
      [
        'Read [the notes](https://example.org/notes "Notes") and <https://example.org/auto>, or https://example.org/bare.',
        'Write to <ta@example.edu>. The file main.py is no link, nor is a [relative](/theory/x/) one.',
        '',
        '1. See <a href="https://example.org/html">the page</a> first',
        '',
        '| Tool | Where |',
        '|---|---|',
        '| R | [CRAN](https://cran.r-project.org/) |',
      ].join('\n'),
    );
    expect(blocks[0].text).toBe(
      'Read the notes and https://example.org/auto, or https://example.org/bare. Write to ta@example.edu. The file main.py is no link, nor is a relative one.',
    );
    expect(blocks[0].links).toEqual([
      { text: 'the notes', href: 'https://example.org/notes' },
      { text: 'https://example.org/auto', href: 'https://example.org/auto' },
      { text: 'https://example.org/bare', href: 'https://example.org/bare' },
      { text: 'ta@example.edu', href: 'mailto:ta@example.edu' },
    ]);
    expect(blocks[1]).toMatchObject({
      kind: 'list-item',
      text: 'See the page first',
      links: [{ text: 'the page', href: 'https://example.org/html' }],
    });
    expect(blocks[2]).toMatchObject({ kind: 'table', links: [{ text: 'CRAN', href: 'https://cran.r-project.org/' }] });
    const html = renderBlocks(blocks);
    expect(html).toContain(
      'Read <a href="https://example.org/notes" target="_blank" rel="noopener noreferrer nofollow">the notes</a> and ',
    );
    expect(html).toContain('<a href="mailto:ta@example.edu" target="_blank" rel="noopener noreferrer nofollow">ta@example.edu</a>');
    expect(html).toContain(
      '<td><p><a href="https://cran.r-project.org/" target="_blank" rel="noopener noreferrer nofollow">CRAN</a></p></td>',
    );
    expect(html).not.toContain('/theory/x/');
  });

  it('keeps the links of a margin note (its <a href>, a linked picture’s description, its bare addresses)', () => {
    const { blocks } = markdownToBlocks(
      `Networks have shapes.{% marginnote 'm' 'Topologies<br/><a href="https://example.org/t.svg"><img src="x.png" alt="Types of networks"/></a> and http://256.com/.' %}\n`,
    );
    expect(blocks[1]).toEqual({
      kind: 'margin',
      text: 'Topologies Types of networks and http://256.com/.',
      links: [
        { text: 'Types of networks', href: 'https://example.org/t.svg' },
        { text: 'http://256.com/', href: 'http://256.com/' },
      ],
      index: 1,
    });
  });
});

describe('Markdown inline code in margin notes and paragraphs', () => {
  it('reads a code span in a margin note as a paragraph reads it: its text as typed, without backticks', () => {
    const page = "Root servers answer first.{% marginnote 'r' 'Each is named `[SERVERLETTER].root-servers.net`, see `<dig>`.' %}\n";
    const margins = markdownToBlocks(page).blocks.filter((b) => b.kind === 'margin');
    const paragraph = markdownToBlocks('Each is named `[SERVERLETTER].root-servers.net`, see `<dig>`.').blocks[0];
    expect(margins.map((b) => b.text)).toEqual([paragraph.text]);
    expect(paragraph.text).toBe('Each is named [SERVERLETTER].root-servers.net, see <dig>.');
    // The spans are code in the note as in the paragraph, and the book shows them as code.
    expect(margins[0].code).toEqual(['[SERVERLETTER].root-servers.net', '<dig>']);
    expect(paragraph.code).toEqual(margins[0].code);
    const html = renderBlocks([...margins, paragraph]);
    expect(html.match(/<code>[^<]*<\/code>/g)).toEqual(
      Array(2).fill(['<code>[SERVERLETTER].root-servers.net</code>', '<code>&lt;dig&gt;</code>']).flat(),
    );
  });
});

describe('Markdown margin notes with a blank line', () => {
  it('part a note at two <br>s into notes of their own, so its caption and its linked picture do not run together', () => {
    const { blocks } = markdownToBlocks(
      `Networks have shapes.{% marginnote 'n' 'Examples of different network topologies<br/><br/><a href="https://example.org/t.svg"><img src="t.png" alt="Types of networks" /></a>' %} Most are stars.\n`,
    );
    expect(blocks.filter((b) => b.kind === 'margin').map((b) => [b.text, b.links?.map((l) => l.href)])).toEqual([
      ['Examples of different network topologies', undefined],
      ['Types of networks', ['https://example.org/t.svg']],
    ]);
    expect(blocks.find((b) => b.kind === 'paragraph')?.text).toBe('Networks have shapes. Most are stars.');
  });
});

describe('Markdown ordered lists', () => {
  it('keep the number they start at, also after an interruption', () => {
    const { blocks } = markdownToBlocks(
      '5. Fifth\n6. Sixth\n\nA remark.\n\n7. Seventh\n\n   3. Nested from three\n\n- A bullet\n\n1. One again\n',
    );
    expect(blocks.filter((b) => b.kind === 'list-item').map((b) => [b.text, b.depth, b.start])).toEqual([
      ['Fifth', 0, 5],
      ['Sixth', 0, undefined],
      ['Seventh', 0, 7],
      ['Nested from three', 1, 3],
      ['A bullet', 0, undefined],
      ['One again', 0, undefined],
    ]);
    const html = renderBlocks(blocks);
    expect(html).toContain('<ol start="5"><li><p>Fifth</p></li><li><p>Sixth</p></li></ol><p>A remark.</p><ol start="7">');
    expect(html).toContain(
      '<li><p>Seventh</p><ol start="3"><li><p>Nested from three</p></li></ol></li></ol><ul><li><p>A bullet</p></li></ul><ol><li><p>One again</p>',
    );
  });
});

describe('Markdown front matter, table-of-contents commands and site macros', () => {
  it('drops TOML front matter (its title is the title) and Franklin @def lines', () => {
    const toml = markdownToBlocks('+++\ntitle = "Index notation"\ndate = Date(2020, 1, 1)\ntags = ["a"]\n+++\n\nThe text.\n');
    expect(toml.title).toBe('Index notation');
    expect(toml.blocks.map((b) => b.text)).toEqual(['The text.']);
    const franklin = markdownToBlocks('@def title = "Fourier series"\n@def hasmath = true\n\nThe text.\n');
    expect(franklin.title).toBe('Fourier series');
    expect(franklin.blocks.map((b) => b.text)).toEqual(['The text.']);
    // A .txt with TOML front matter is read as Markdown.
    const doc = extractTxt(new TextEncoder().encode('+++\ntitle = "Waves"\n+++\n\nWaves carry energy.\n'), 'waves.txt');
    expect([doc.title, doc.text]).toEqual(['Waves', 'Waves carry energy.']);
  });

  it('keeps a front-matter setting that is a web address (a quiz, slides) as a link opening the page, the rest of it dropped', () => {
    const yaml = markdownToBlocks(
      '---\nlayout: post\ntitle: "Networks"\ntags:\n- networking\nquiz: https://goo.gl/forms/JCcCGnbN00JPo4Us2\n---\n\nThe text.\n',
    );
    expect(yaml.title).toBe('Networks');
    expect(yaml.blocks.map((b) => [b.text, b.links?.map((l) => l.href)])).toEqual([
      ['Quiz: https://goo.gl/forms/JCcCGnbN00JPo4Us2', ['https://goo.gl/forms/JCcCGnbN00JPo4Us2']],
      ['The text.', undefined],
    ]);
    const toml = markdownToBlocks('+++\ntitle = "Waves"\nslides_url = "https://example.org/waves.pdf"\n+++\n\nThe text.\n');
    expect(toml.blocks[0].text).toBe('Slides url: https://example.org/waves.pdf');
  });

  it('drops \\toc, {{< toc >}}, [TOC] and kramdown’s {:toc}; macros lose their name and keep their text', () => {
    const { blocks } = markdownToBlocks(
      [
        '\\toc',
        '',
        '* TOC',
        '{:toc}',
        '',
        '{{< toc >}}',
        '',
        '[TOC]',
        '',
        '# Index notation',
        '',
        '\\collaps{**Question:** what is the order of $v_i$?}{The order is one,\\\\',
        'because $v_i$ has one index.}',
        '',
        'A table of \\emph{values} is read from \\input{julia}{table_code} the script.',
        '',
        '{{< note >}}',
        'Remember the units.',
        '{{< /note >}}',
        '',
        '\\newcommand{\\R}[1]{\\mathbb{R}^{#1}}',
        '',
        '\\definition{Logarithm}{We say $y = \\log_a x$ when $x = a^y$.}',
        '',
        '{{< youtube dQw4w9WgXcQ >}}',
        '',
        '{{< figure src="/img/wave.png" caption="A travelling wave" >}}',
        '',
        'A path C:\\\\Users and a line break\\\\',
        'after it.',
      ].join('\n'),
    );
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Index notation'],
      ['paragraph', 'Question: what is the order of \\(v_i\\)?'],
      ['paragraph', 'The order is one, because \\(v_i\\) has one index.'],
      ['paragraph', 'A table of values is read from the script.'],
      ['paragraph', 'Remember the units.'],
      ['paragraph', 'Logarithm'],
      ['paragraph', 'We say \\(y = \\log_a x\\) when \\(x = a^y\\).'],
      ['paragraph', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['paragraph', 'A travelling wave'],
      ['paragraph', 'A path C:\\Users and a line break after it.'],
    ]);
  });
});

describe('Markdown code', () => {
  it('keeps an R Markdown chunk whole, with its language', () => {
    const { blocks } = markdownToBlocks('```{r setup, echo=FALSE}\nx <- rnorm(10)\n\nsummary(x)\n## output line\n```\n');
    expect(blocks).toEqual([{ kind: 'code', text: 'x <- rnorm(10)\n\nsummary(x)\n## output line', language: 'r', index: 0 }]);
  });
});

describe('Markdown raw HTML', () => {
  it('turns an iframe into a link to its source and keeps the text of other tags, never their source', () => {
    const { blocks } = markdownToBlocks(
      [
        'Before.',
        '',
        '<iframe width="560" src="//www.youtube.com/embed/abc" title="Lecture video" allowfullscreen></iframe>',
        '',
        '<div class="box">',
        '<h3>Key idea</h3>',
        '<p>Boxed <b>text</b> with a <a href="https://example.org/box">link</a> &amp; more.</p>',
        '<script>alert("x")</script><!-- a comment -->',
        '<ul><li>First point</li><li><p>Second point</p></li></ul>',
        '</div>',
        '',
        '~~~',
        '<span class="x">A raw fence</span>',
        '~~~',
      ].join('\n'),
    );
    expect(blocks.map((b) => [b.kind, b.text, b.links])).toEqual([
      ['paragraph', 'Before.', undefined],
      ['paragraph', 'Lecture video', [{ text: 'Lecture video', href: 'https://www.youtube.com/embed/abc' }]],
      ['heading', 'Key idea', undefined],
      ['paragraph', 'Boxed text with a link & more.', [{ text: 'link', href: 'https://example.org/box' }]],
      ['list-item', 'First point', undefined],
      ['list-item', 'Second point', undefined],
      ['paragraph', 'A raw fence', undefined],
    ]);
    expect(blocks.some((b) => b.kind === 'code')).toBe(false);
    // An HTML table keeps its rows, header and links; an <ol start> its first number.
    const table = markdownToBlocks(
      [
        '<table><tr><th>Week</th><th>Topic</th></tr>',
        '<tr><td>1</td><td><p>Waves, see <a href="https://example.org/w">notes</a></p></td></tr></table>',
        '',
        '<ol start="4"><li>Fourth</li><li>Fifth</li></ol>',
      ].join('\n'),
    ).blocks;
    expect(table[0]).toMatchObject({
      kind: 'table',
      rows: [
        ['Week', 'Topic'],
        ['1', 'Waves, see notes'],
      ],
      header: true,
      links: [{ text: 'notes', href: 'https://example.org/w' }],
    });
    expect(table.slice(1).map((b) => [b.kind, b.text, b.ordered, b.start])).toEqual([
      ['list-item', 'Fourth', true, 4],
      ['list-item', 'Fifth', true, undefined],
    ]);
    // A frame inside a line of text is a link there.
    expect(markdownToBlocks('Watch <iframe src="https://example.org/v" title="the video"></iframe> first.').blocks[0]).toMatchObject({
      text: 'Watch the video first.',
      links: [{ text: 'the video', href: 'https://example.org/v' }],
    });
  });
});

describe('Markdown LaTeX environments', () => {
  it('become display equations with their line breaks, and every one renders in KaTeX', () => {
    const { blocks } = markdownToBlocks(
      [
        'We have',
        '\\begin{align*}',
        'a &= b + c \\\\',
        'd &= e \\label{eq:d}',
        '\\end{align*}',
        'and',
        '\\begin{equation}E = mc^2\\end{equation}',
        '\\begin{gather}x = 1 \\\\ y = 2\\end{gather}',
        '\\begin{multline*}a + b \\\\ + c\\end{multline*}',
        '\\begin{eqnarray}a &=& b \\\\ c &=& d \\nonumber\\end{eqnarray}',
        '$$\\begin{align}x &= 1 \\label{eq:x}\\end{align}$$',
        'and \\[ \\sum_{i=1}^n i \\] with \\(x^2\\) inline, as in \\[1\\].',
        '',
        '```latex',
        '\\begin{align}kept as code\\end{align}',
        '```',
      ].join('\n'),
    );
    const equations = blocks.filter((b) => b.kind === 'equation');
    expect(equations.map((b) => b.latex)).toEqual([
      '\\begin{align*}a &= b + c \\\\\nd &= e\\end{align*}',
      '\\begin{equation}E = mc^2\\end{equation}',
      '\\begin{gather}x = 1 \\\\ y = 2\\end{gather}',
      '\\begin{gather*}a + b \\\\ + c\\end{gather*}',
      '\\begin{array}{rcl}a &=& b \\\\ c &=& d \\end{array}',
      '\\begin{align}x &= 1\\end{align}',
      '\\sum_{i=1}^n i',
    ]);
    for (const e of equations) expect(() => katex.renderToString(e.latex!, { displayMode: true, throwOnError: true })).not.toThrow();
    expect(blocks.find((b) => b.text.includes('inline'))?.text).toBe('with \\(x^2\\) inline, as in [1].');
    expect(blocks.find((b) => b.kind === 'code')?.text).toBe('\\begin{align}kept as code\\end{align}');
    expect(renderBlocks(equations.slice(0, 1))).toBe(
      '<div data-type="block-math" data-latex="\\begin{align*}a &amp;= b + c \\\\\nd &amp;= e\\end{align*}"></div>',
    );
  });
});

describe('Markdown page macros for formulas', () => {
  it('carries a page’s \\newcommand definitions into the formulas that use them, so KaTeX draws every one', () => {
    const { blocks } = markdownToBlocks(
      [
        '$$\\newcommand{\\R}{\\mathbb{R}} \\newcommand{\\norm}[1]{\\left\\lVert #1 \\right\\rVert} \\DeclareMathOperator{\\tr}{tr}$$',
        '',
        '\\newcommand{\\tv}[1]{\\boldsymbol{#1}}',
        '',
        'A vector $\\tv{v} \\in \\R^n$ has a norm $\\norm{\\tv{v}}$ and a matrix a trace $\\tr A$; $x^2$ needs nothing.',
        '',
        '$$\\norm{x}^2 = \\sum_i x_i^2$$',
      ].join('\n'),
    );
    // The formula that only defined macros is no block; the text has no definition line.
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'equation']);
    const formulas = [...blocks[0].text.matchAll(/\\\((.+?)\\\)/g)].map((m) => m[1]);
    expect(formulas[3]).toBe('x^2');
    expect(formulas[1]).toContain('\\def\\norm#1{\\left\\lVert #1 \\right\\rVert}');
    for (const f of formulas) expect(() => katex.renderToString(f, { throwOnError: true })).not.toThrow();
    expect(() => katex.renderToString(blocks[1].latex!, { displayMode: true, throwOnError: true })).not.toThrow();
  });
});

describe('Markdown math as a rendered page shows it', () => {
  it('a <pre> block showing how a formula is typed is code, and the formula after it is an equation; a fence keeps its dollars', () => {
    const { blocks } = markdownToBlocks(
      [
        '# Formeln',
        '',
        'So schreibt man die Formel:',
        '<pre>$$\\sum\\limits_{k=1}^{\\infty} \\frac{1}{k^2}=\\frac{\\pi^2}{6}$$</pre>   ',
        '$$\\sum\\limits_{k=1}^{\\infty} \\frac{1}{k^2}=\\frac{\\pi^2}{6}$$',
        '',
        '```',
        'echo "$$HOME costs $5"',
        '```',
      ].join('\n'),
    );
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Formeln'],
      ['paragraph', 'So schreibt man die Formel:'],
      ['code', '$$\\sum\\limits_{k=1}^{\\infty} \\frac{1}{k^2}=\\frac{\\pi^2}{6}$$'],
      ['equation', '\\sum\\limits_{k=1}^{\\infty} \\frac{1}{k^2}=\\frac{\\pi^2}{6}'],
      ['code', 'echo "$$HOME costs $5"'],
    ]);
    expect(blocks.map((b) => b.text).join(' ')).not.toMatch(/[\uE000-\uF8FF]/);
  });

  it('HTML entities inside formulas are their characters and \\mbox is \\text, so KaTeX typesets every formula', () => {
    const { blocks } = markdownToBlocks(
      [
        '$$\\forall x: f(x)=g(x). &#8203;&#8203; \\text{ Schreibweise } f=g$$',
        '',
        'Es gilt $a &lt; b$ und $\\sin(\\alpha) = \\frac{\\mbox{opposé}}{\\mbox{hypoténuse}}$ im Dreieck.',
      ].join('\n'),
    );
    const formulas = [
      ...blocks.filter((b) => b.kind === 'equation').map((b) => b.text),
      ...blocks.flatMap((b) => [...b.text.matchAll(/\\\((.+?)\\\)/g)].map((m) => m[1])),
    ];
    expect(formulas).toEqual([
      '\\forall x: f(x)=g(x).    \\text{ Schreibweise } f=g',
      'a < b',
      '\\sin(\\alpha) = \\frac{\\text{opposé}}{\\text{hypoténuse}}',
    ]);
    for (const f of formulas) expect(() => katex.renderToString(f, { throwOnError: true })).not.toThrow();
  });
});
