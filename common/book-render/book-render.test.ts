import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { buildBookDocument } from './book-document';
import { parseEditorHtml } from './parse-html';
import { renderChapterHtml, renderBookHtml } from './render-html';

describe('parseEditorHtml', () => {
  it("reads the editor's blocks: headings kept below sections, lists, tables, math, images split out of paragraphs", () => {
    const blocks = parseEditorHtml(
      '<h1>Top</h1><p>Text <strong>bold</strong> <a href="https://x.org">link</a> <span data-type="inline-math" data-latex="x^2"></span>' +
        '<img src="/api/images/3" alt="Fig"> after</p><ul><li><p>a</p></li></ul><table><tr><th>h</th></tr><tr><td colspan="2">c</td></tr></table>' +
        '<div data-type="block-math" data-latex="\\int x"></div>',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'image', 'paragraph', 'list', 'table', 'math']);
    expect(blocks[0]).toMatchObject({ level: 3 });
    expect(blocks[1]).toMatchObject({
      content: [
        { kind: 'text', text: 'Text ' },
        { kind: 'text', text: 'bold', bold: true },
        { kind: 'text', text: ' ' },
        { kind: 'text', text: 'link', href: 'https://x.org' },
        { kind: 'text', text: ' ' },
        { kind: 'math', latex: 'x^2' },
      ],
    });
    expect(blocks[2]).toEqual({ kind: 'image', src: '/api/images/3', alt: 'Fig' });
    expect(blocks[5]).toMatchObject({ rows: [[{ header: true }], [{ header: false, colspan: 2 }]] });
  });

  it('repairs broken markup and drops what the editor never stores (scripts, javascript: links, outside images)', () => {
    const blocks = parseEditorHtml(
      '<p>one <b>two<p>three<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://evil/x.png">',
    );
    const text = JSON.stringify(blocks);
    expect(text).toContain('three');
    expect(text).not.toContain('alert');
    expect(text).not.toContain('javascript');
    expect(text).not.toContain('evil');
  });

  it('reads dollar math as the editor and the reader page do: inline and display formulas, currency and code left alone', () => {
    // Imported Word handouts (R Markdown output) store their formulas as `$...$` text, which the editor shows as math.
    const blocks = parseEditorHtml(
      '<p>The slope <strong>$\\beta_1$</strong> and $\\large N$ animals cost $5 and $10.</p><p>$$\\hat{Y} = \\beta_0 + \\beta_1 X$$</p>' +
        '<pre><code>cat $HOME $PATH</code></pre><p>Run <code>$x$</code> as is.</p>',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'math', 'code', 'paragraph']);
    expect(blocks[0]).toMatchObject({
      content: [
        { kind: 'text', text: 'The slope ' },
        { kind: 'math', latex: '\\beta_1' },
        { kind: 'text', text: ' and ' },
        { kind: 'math', latex: '\\large N' },
        { kind: 'text', text: ' animals cost $5 and $10.' },
      ],
    });
    expect(blocks[1]).toEqual({ kind: 'math', latex: '\\hat{Y} = \\beta_0 + \\beta_1 X' });
    expect(blocks[2]).toEqual({ kind: 'code', text: 'cat $HOME $PATH' });
    expect(blocks[3]).toMatchObject({ content: [{ text: 'Run ' }, { text: '$x$', code: true }, { text: ' as is.' }] });
  });

  it('keeps a formula too long to typeset as its source (a pasted 100,000-cell array held the export worker for minutes)', () => {
    const huge = `\\begin{array}{${'c'.repeat(500)}}${Array.from({ length: 200 }, () => Array(500).fill('1').join('&')).join('\\\\')}\\end{array}`;
    const blocks = parseEditorHtml(
      `<div data-type="block-math" data-latex="${huge}"></div><p>Inline <span data-type="inline-math" data-latex="${huge}"></span></p>`,
    );
    expect(blocks[0]).toEqual({ kind: 'code', text: huge });
    expect(blocks[1]).toMatchObject({ content: [{ text: 'Inline ' }, { kind: 'text', text: huge, code: true }] });
    expect(JSON.stringify(blocks)).not.toContain('"kind":"math"');
  });

  it('bounds nesting: a thousand nested quotes become text, not a stack overflow', () => {
    const html = `${'<blockquote>'.repeat(1000)}deep${'</blockquote>'.repeat(1000)}`;
    expect(JSON.stringify(parseEditorHtml(html))).toContain('deep');
  });
});

describe('render-html', () => {
  const doc = buildBookDocument({
    topic: 'Waves & Sound',
    authors: ['ana', 'ben'],
    date: '2026-03-05',
    content: {
      title: 'x',
      references: [],
      chapters: [
        {
          title: 'Waves',
          content: '<p>A <span data-type="inline-math" data-latex="\\lambda"></span> wave<br>next</p><hr>',
          sections: [{ id: 's', title: 'Sound', content: '<p>Loud</p>' }],
        },
      ],
    },
  });

  it('writes well-formed XHTML for EPUB (void elements closed, MathML)', () => {
    const xhtml = `<div xmlns="http://www.w3.org/1999/xhtml">${renderChapterHtml(doc.chapters[0], { xml: true })}</div>`;
    const errors: string[] = [];
    const record = (msg: string) => void errors.push(msg);
    new DOMParser({ errorHandler: { warning: record, error: record, fatalError: record } }).parseFromString(xhtml, 'application/xml');
    expect(errors).toEqual([]);
    expect(xhtml).toContain('<br/>');
    expect(xhtml).toContain('<hr/>');
    // MathML with its LaTeX as alt text (EPUB Accessibility: every formula described).
    expect(xhtml).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" alttext="\\lambda">');
  });

  it('renders the whole book: title page, contents linking to every heading, chapters as h1 and sections as h2', () => {
    const html = renderBookHtml(doc);
    expect(html).toContain('<p class="book-title">Waves &amp; Sound</p>');
    expect(html).toContain('<p class="authors">ana, ben</p>');
    expect(html).toContain('March 5, 2026');
    expect(html).toContain('<a href="#ch1">Waves</a>');
    expect(html).toContain('<a href="#ch1s1">Sound</a>');
    expect(html).toContain('<h1>Waves</h1>');
    expect(html).toContain('<h2>Sound</h2>');
  });
});

describe('the files a chapter came from', () => {
  const doc = buildBookDocument({
    topic: 'Mechanics',
    authors: ['A. Teacher'],
    date: '2026-11-27',
    content: {
      title: 'Mechanics',
      chapters: [
        { title: 'Vectors', content: '<p>Arrows.</p>', sections: [], sourceFiles: ['week 1 vectors.pdf', 'notes <draft>.docx'] },
        { title: 'My own chapter', content: '<p>Typed.</p>', sections: [] },
      ],
      references: [],
    },
    crossReferences: false,
  });

  it('are named in a line under the chapter title in the HTML and EPUB, and a chapter the user added has none', () => {
    expect(doc.chapters[0].sourceFiles).toEqual(['week 1 vectors.pdf', 'notes <draft>.docx']);
    expect(renderChapterHtml(doc.chapters[0])).toContain(
      '<h1>Vectors</h1>\n<p class="chapter-sources">From: week 1 vectors.pdf, notes &lt;draft&gt;.docx</p>\n<p>Arrows.</p>',
    );
    expect(renderChapterHtml(doc.chapters[1])).not.toContain('chapter-sources');
    const book = new DOMParser().parseFromString(renderChapterHtml(doc.chapters[0], { xml: true }), 'application/xhtml+xml');
    expect(book.getElementsByTagName('p')[0].textContent).toBe('From: week 1 vectors.pdf, notes <draft>.docx');
  });
});
