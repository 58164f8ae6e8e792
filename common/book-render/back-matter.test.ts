import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '../textbook';
import { glossaryOf, withBackMatter } from './back-matter';
import { buildBookDocument } from './book-document';
import { inlineText, type Block, type BookChapter, type Inline } from './book-model';
import { renderBookHtml, renderChapterHtml } from './render-html';

/** Two chapters as the engines write them: text, then a rule and the closing apparatus with its key-term list. */
const content: TextbookContent = {
  title: 'Probability',
  references: [],
  indexTerms: ['sample space', 'Kolmogorov', 'never mentioned', 'axiom'],
  chapters: [
    {
      id: 'c1',
      title: 'Random Variables',
      content:
        '<h3>Learning Objectives</h3><ul><li><p>Define a random variable.</p></li></ul><hr />' +
        '<p>A random variable is a function that assigns a number to every outcome of an experiment. ' +
        'Every random variable has a distribution.</p>' +
        '<h3>The random variable in code</h3>' +
        '<pre><code>random variable = draw(sample space)</code></pre>' +
        '<p><span data-type="inline-math" data-latex="X"></span> denotes a random variable on the sample space of the experiment.</p>' +
        '<hr /><h3>Key Terms</h3><ul>' +
        '<li><p><strong>random variable</strong>: A random variable is a function that assigns a number to every outcome of an experiment.</p></li>' +
        '<li><p><strong>Affine mapping</strong>: For two vector spaces V, W and a lin-</p></li>' +
        '<li><p><strong>sample space</strong>: the set of all outcomes</p></li>' +
        '</ul>',
      sections: [
        {
          id: 's1',
          title: 'Expectation',
          content:
            '<p>The expectation is the weighted average of the values a random variable takes, weighted by their probabilities.</p>' +
            '<p>Kolmogorov stated the axioms.</p>',
        },
      ],
    },
    {
      id: 'c2',
      title: 'Distributions',
      content:
        '<h4>Random Variables again</h4>' +
        '<p>Each random variable of this chapter is discrete. The expectation of a sum is the sum of the expectations.</p>' +
        '<hr /><h3>Key Terms</h3><ul>' +
        '<li><p><strong>Random variables</strong>: Random variables are functions on the outcomes of an experiment, written in capitals.</p></li>' +
        '<li><p><strong>Expectation</strong>: The expectation is the weighted average of the values a random variable takes, weighted by their probabilities.</p></li>' +
        '</ul>',
      sections: [],
    },
  ],
};

const book = () => buildBookDocument({ topic: 'Probability', content, authors: ['ana'], date: '2026-03-05' });

/** Every linked run of some blocks, with its target. */
function links(blocks: readonly Block[]): Array<{ text: string; href: string }> {
  const out: Array<{ text: string; href: string }> = [];
  const inRuns = (content: readonly Inline[]) => {
    for (const r of content) if (r.kind === 'text' && r.href) out.push({ text: r.text, href: r.href });
  };
  const walk = (bs: readonly Block[]) => {
    for (const b of bs) {
      if (b.kind === 'paragraph' || b.kind === 'heading') inRuns(b.content);
      else if (b.kind === 'list') b.items.forEach(walk);
      else if (b.kind === 'quote') walk(b.blocks);
    }
  };
  walk(blocks);
  return out;
}

const chapterLinks = (c: BookChapter) => [...links(c.blocks), ...c.sections.flatMap((s) => links(s.blocks))];

describe('glossary', () => {
  it('takes only whole defining sentences, once per term (plural and case folded), alphabetical, with where each is defined', () => {
    const doc = book();
    const entries = glossaryOf(doc.chapters);
    expect(entries.map((e) => e.term)).toEqual(['Expectation', 'random variable']);
    const rv = entries.find((e) => e.term === 'random variable')!;
    // The first chapter's definition, whole; the cut one ("a lin-") and the lower-case fragment are left out.
    expect(inlineText(rv.definition)).toBe('A random variable is a function that assigns a number to every outcome of an experiment.');
    expect(rv.definedIn).toEqual({ anchor: 'ch1', title: 'Random Variables' });
    // Defined in chapter 2's key terms, but its sentence is in section 1.1's text: the entry points there.
    expect(entries.find((e) => e.term === 'Expectation')!.definedIn).toEqual({ anchor: 'ch1s1', title: 'Expectation' });
  });

  it('adds a glossary and an index after the last chapter, in the book and its contents', () => {
    const doc = book();
    expect(doc.chapters.map((c) => [c.title, c.backMatter])).toEqual([
      ['Random Variables', undefined],
      ['Distributions', undefined],
      ['Glossary', 'glossary'],
      ['Index', 'index'],
    ]);
    const glossary = doc.chapters[2];
    expect(glossary.blocks.map((b) => (b.kind === 'paragraph' ? inlineText(b.content) : b.kind))).toEqual([
      'Expectation: The expectation is the weighted average of the values a random variable takes, weighted by their probabilities. (Expectation)',
      'random variable: A random variable is a function that assigns a number to every outcome of an experiment. (Random Variables)',
    ]);
    expect(glossary.blocks[1]).toMatchObject({ anchor: 'glossary-random-variable' });
  });

  it('links the first use of a term in each chapter to its entry, never in a heading, code, a formula or the apparatus', () => {
    const doc = book();
    const [one, two] = doc.chapters;
    expect(chapterLinks(one)).toEqual([
      { text: 'random variable', href: '#glossary-random-variable' },
      { text: 'expectation', href: '#glossary-expectation' },
    ]);
    // Chapter 2: its heading "Random Variables again" is skipped, the first use in its text is linked.
    expect(chapterLinks(two)).toEqual([
      { text: 'random variable', href: '#glossary-random-variable' },
      { text: 'expectation', href: '#glossary-expectation' },
    ]);
    const first = one.blocks.find((b) => b.kind === 'paragraph')!;
    expect(first.kind === 'paragraph' && first.content.map((r) => (r.kind === 'text' ? r.text : ''))).toEqual([
      'A ',
      'random variable',
      ' is a function that assigns a number to every outcome of an experiment. Every random variable has a distribution.',
    ]);
    expect(one.blocks.find((b) => b.kind === 'code')).toEqual({ kind: 'code', text: 'random variable = draw(sample space)' });
    // The stored text is not changed: only the rendered book carries the links.
    expect(content.chapters[0].content).not.toContain('glossary-');
  });

  it('indexes key terms and the material’s own index words at the sections whose text uses them, never the apparatus', () => {
    const index = book().chapters[3];
    const lines = index.blocks.map((b) =>
      b.kind === 'heading' ? `# ${inlineText(b.content)}` : b.kind === 'paragraph' ? inlineText(b.content) : '',
    );
    expect(lines).toEqual([
      '# A',
      // Only "axioms" is in the text: the plural is found too.
      'axiom: Expectation',
      '# E',
      'Expectation: Expectation; Distributions',
      '# K',
      'Kolmogorov: Expectation',
      '# R',
      'random variable: Random Variables; Expectation; Distributions',
      '# S',
      'sample space: Random Variables',
    ]);
    const rv = index.blocks.find((b) => b.kind === 'paragraph' && inlineText(b.content).startsWith('random variable'))!;
    expect(links([rv]).map((l) => l.href)).toEqual(['#glossary-random-variable', '#ch1', '#ch1s1', '#ch2']);
  });

  it('counts what it made', () => {
    const { stats } = withBackMatter(
      buildBookDocument({ topic: 'p', content: { ...content, chapters: [] }, authors: [], date: '2026-03-05' }),
    );
    expect(stats).toEqual({ glossaryEntries: 0, indexEntries: 0, glossaryLinks: 0, indexLinks: 0 });
    const again = withBackMatter(book(), content.indexTerms);
    // Built again from a book that has them: the same back matter, not a second copy.
    expect(again.doc.chapters.filter((c) => c.backMatter)).toHaveLength(2);
    expect(again.stats).toEqual({ glossaryEntries: 2, indexEntries: 5, glossaryLinks: 4, indexLinks: 8 });
  });

  it('writes nothing English into a German book: its index from its own index words, under a German title', () => {
    const doc = buildBookDocument({
      topic: 'Logik',
      authors: [],
      date: '2026-03-05',
      content: {
        title: 'Logik',
        references: [],
        language: 'de',
        indexTerms: ['Prämisse'],
        chapters: [{ id: 'c', title: 'Argumente', content: '<p>Jede Prämisse eines Arguments ist eine Aussage.</p>', sections: [] }],
      },
    });
    expect(doc.chapters.map((c) => c.title)).toEqual(['Argumente', 'Stichwortverzeichnis']);
    expect(inlineText((doc.chapters[1].blocks[1] as { content: Inline[] }).content)).toBe('Prämisse: Argumente');
  });
});

describe('glossary and index in HTML', () => {
  it('renders entries with ids, text links to them, and well-formed XHTML with links to other files', () => {
    const doc = book();
    const html = renderBookHtml(doc);
    expect(html).toContain('<a href="#ch1">Random Variables</a>');
    expect(html).toContain('<a href="#glossary">Glossary</a>');
    expect(html).toContain('<a href="#index">Index</a>');
    expect(html).toContain('<p id="glossary-random-variable"><strong>random variable</strong>: A random variable is a function');
    expect(html).toContain('<p>A <a href="#glossary-random-variable">random variable</a> is a function');
    expect(html).toContain('<pre><code>random variable = draw(sample space)</code></pre>');
    const xhtml = `<div xmlns="http://www.w3.org/1999/xhtml">${renderChapterHtml(doc.chapters[0], {
      xml: true,
      hrefFor: (a) => `${a.startsWith('glossary') ? 'glossary' : 'ch1'}.xhtml#${a}`,
    })}</div>`;
    const errors: string[] = [];
    const record = (msg: string) => void errors.push(msg);
    new DOMParser({ errorHandler: { warning: record, error: record, fatalError: record } }).parseFromString(xhtml, 'application/xml');
    expect(errors).toEqual([]);
    expect(xhtml).toContain('<a href="glossary.xhtml#glossary-random-variable">random variable</a>');
  });
});
