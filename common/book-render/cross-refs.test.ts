import { describe, expect, it } from 'vitest';
import type { Chapter } from '../textbook';
import { buildBookDocument } from './book-document';
import { inlineText, type Block, type BookDocument, type Inline } from './book-model';
import { crossReferenceBook } from './cross-refs';
import { renderBookHtml } from './render-html';
import { findReferences } from './xref-rules';

const book = (chapters: Array<Pick<Chapter, 'title' | 'content'> & { sections?: Chapter['sections'] }>, crossReferences = true) =>
  buildBookDocument({
    topic: 'Numbers',
    authors: ['ana'],
    date: '2026-03-05',
    crossReferences,
    content: { title: 'x', references: [], chapters: chapters.map((c) => ({ sections: [], ...c })) },
  });

/** Every block of the book's chapters, nested ones included. */
function allBlocks(doc: BookDocument): Block[] {
  const out: Block[] = [];
  const walk = (blocks: Block[]) => {
    for (const b of blocks) {
      out.push(b);
      if (b.kind === 'list') b.items.forEach(walk);
      else if (b.kind === 'quote') walk(b.blocks);
      else if (b.kind === 'table') for (const row of b.rows) for (const cell of row) walk(cell.blocks);
    }
  };
  for (const c of doc.chapters) {
    walk(c.blocks);
    for (const s of c.sections) walk(s.blocks);
  }
  return out;
}

const runsOf = (doc: BookDocument): Inline[] =>
  allBlocks(doc).flatMap((b) => (b.kind === 'paragraph' || b.kind === 'heading' ? b.content : []));
/** The links in the book's text: the linked words and the block their anchor names. */
function links(doc: BookDocument): Array<{ text: string; target: Block | undefined }> {
  const blocks = allBlocks(doc);
  return runsOf(doc)
    .filter((r): r is Extract<Inline, { kind: 'text' }> => r.kind === 'text' && Boolean(r.href?.startsWith('#')))
    .map((r) => ({ text: r.text, target: blocks.find((b) => b.anchor === r.href!.slice(1)) }));
}
const textOf = (b: Block | undefined) =>
  !b ? '' : b.kind === 'paragraph' || b.kind === 'heading' ? inlineText(b.content) : b.kind === 'math' ? b.latex : b.kind;

describe('numbering', () => {
  it("keeps the source's numbers: a figure's caption under its picture, a \"(5.3)\" line beside a formula, \\tag, a drawn formula's own number, Example 2.13", () => {
    const doc = book([
      {
        title: 'Calculus',
        content:
          '<img src="/api/images/1" alt="curve"><p><em>Figure 5.1 The curve.</em></p>' +
          '<img src="/api/images/2" alt="df/dx"><p>(5.3)</p>' +
          '<div data-type="block-math" data-latex="a = b \\tag{5.4}"></div>' +
          '<p>Example 2.13 (Slope). We compute.</p><img src="/api/images/3" alt="(5.9) h(x) = 4x">' +
          '<p>As Figure 5.1 shows, (5.3) and Equation 5.4 follow; see Example 2.13 and (5.9).</p>',
      },
    ]);
    const found = links(doc);
    expect(found.map((l) => l.text)).toEqual(['Figure 5.1', '(5.3)', 'Equation 5.4', 'Example 2.13', '(5.9)']);
    expect(found.map((l) => l.target?.kind)).toEqual(['image', 'image', 'math', 'paragraph', 'image']);
    expect(textOf(found[3].target)).toMatch(/^Example 2\.13 \(Slope\)/);
    // The source numbered its equations: the formula without a number gets none, nothing is renumbered.
    expect(JSON.stringify(doc)).not.toContain('(1.1)');
  });

  it('numbers per chapter what the source left unnumbered: tables, formulas, examples and exercises', () => {
    const doc = book([
      { title: 'One', content: '<p>Intro.</p>' },
      {
        title: 'Two',
        content:
          '<table><tr><td>a</td></tr></table><div data-type="block-math" data-latex="x^2"></div>' +
          '<p>Example: doubling.</p><p><strong>Exercise.</strong> Double 4.</p><p>Example (halving). Halve 8.</p>' +
          '<p>Table 2.1 and (2.1) hold it; Example 2.2 halves and Exercise 2.1 doubles.</p>',
      },
    ]);
    const texts = allBlocks(doc).map(textOf);
    expect(texts).toContain('Table 2.1');
    expect(texts).toContain('(2.1)');
    expect(texts).toContain('Example 2.1: doubling.');
    expect(texts).toContain('Exercise 2.1. Double 4.');
    expect(texts).toContain('Example 2.2 (halving). Halve 8.');
    expect(links(doc).map((l) => [l.text, textOf(l.target)])).toEqual([
      ['Table 2.1', 'Table 2.1'],
      ['(2.1)', 'x^2'],
      ['Example 2.2', 'Example 2.2 (halving). Halve 8.'],
      ['Exercise 2.1', 'Exercise 2.1. Double 4.'],
      // The chapter's Exercises part at its end lists the exercise standing in the text.
      ['Exercise 2.1', 'Exercise 2.1. Double 4.'],
    ]);
    // The assigned number of the formula is a line of its own, marked for the stylesheet.
    expect(allBlocks(doc).find((b) => textOf(b) === '(2.1)')).toMatchObject({ role: 'equation-number' });
  });

  it('renumbers after a reorder: numbers follow the stored order, not the old one', () => {
    const a = '<p>Example: first.</p>';
    const b = '<p>Example: second.</p><p>See Example 1.2.</p>';
    const before = allBlocks(book([{ title: 'C', content: a + b }])).map(textOf);
    const after = allBlocks(book([{ title: 'C', content: b + a }])).map(textOf);
    expect(before.slice(0, 2)).toEqual(['Example 1.1: first.', 'Example 1.2: second.']);
    expect(after.slice(0, 1)).toEqual(['Example 1.1: second.']);
  });
});

describe('cross-references', () => {
  it('reads no reference in years, longer numbers or words that merely start alike', () => {
    expect(findReferences('Figure 2019 shows Tables 1234 and Examples5 of Figureheads 3, (2017), (12.5.3).')).toEqual([]);
  });

  it('reads each form of reference in running text', () => {
    const text =
      'See Figure 2.3, Fig. 3, Table 1.2, (2.17), Equation 2.17, Eq. (3), Example 2.13, Exercise 4 and Sentence 16; not (3) or 2.3.';
    expect(findReferences(text).map((r) => [r.kind, r.label, text.slice(r.start, r.end)])).toEqual([
      ['figure', '2.3', 'Figure 2.3'],
      ['figure', '3', 'Fig. 3'],
      ['table', '1.2', 'Table 1.2'],
      ['equation', '2.17', '(2.17)'],
      ['equation', '2.17', 'Equation 2.17'],
      ['equation', '3', 'Eq. (3)'],
      ['example', '2.13', 'Example 2.13'],
      ['exercise', '4', 'Exercise 4'],
      ['sentence', '16', 'Sentence 16'],
    ]);
  });

  it('leaves a reference with no target as plain text, and never links inside code, formulas or existing links', () => {
    const doc = book([
      {
        title: 'C',
        content:
          '<p>Figure 1.1: A plot.</p><p>Figure 9.9 is elsewhere; <code>Figure 1.1</code> is code; ' +
          '<span data-type="inline-math" data-latex="\\text{Figure 1.1}"></span> is math; ' +
          '<a href="https://x.org">Figure 1.1</a> is a link; Figure 1.1 is it.</p><pre><code>see Figure 1.1</code></pre>',
      },
    ]);
    expect(links(doc).map((l) => [l.text, textOf(l.target)])).toEqual([['Figure 1.1', 'Figure 1.1: A plot.']]);
    const runs = runsOf(doc).filter((r) => r.kind === 'text');
    expect(runs.find((r) => r.text.startsWith('Figure 9.9'))?.href).toBeUndefined();
    expect(runs.find((r) => r.code)).toMatchObject({ text: 'Figure 1.1', code: true });
    expect(runs.find((r) => r.href === 'https://x.org')).toMatchObject({ text: 'Figure 1.1' });
    expect(allBlocks(doc).find((b) => b.kind === 'code')).toEqual({ kind: 'code', text: 'see Figure 1.1' });
    // The caption's own label is no reference to itself.
    expect((allBlocks(doc)[0] as { content: Inline[] }).content).toEqual([{ kind: 'text', text: 'Figure 1.1: A plot.' }]);
  });

  it('links "Sentence 16" to the numbered list\'s item 16 nearest before it, and prefers the chapter\'s own target', () => {
    const doc = book([
      { title: 'A', content: '<p>Figure 1: A map.</p>' },
      {
        title: 'B',
        content:
          '<ol start="15"><li><p>It rains.</p></li><li><p>Snow is white.</p></li></ol><p>Figure 1: A graph.</p>' +
          '<p>Sentence 16 is true; Figure 1 shows it; Sentence 3 is not in the book.</p>',
      },
    ]);
    expect(links(doc).map((l) => [l.text, textOf(l.target)])).toEqual([
      ['Sentence 16', 'Snow is white.'],
      ['Figure 1', 'Figure 1: A graph.'],
    ]);
  });

  it('links a reference to the only target of that number in another chapter, and counts what it found', () => {
    const { stats, doc } = crossReferenceBook(
      book(
        [
          { title: 'A', content: '<img src="/api/images/1" alt="Figure 1.2: Waves"><p>Figure 1.2: Waves.</p>' },
          { title: 'B', content: '<p>Back in Figure 1.2 and Table 7.1.</p>' },
        ],
        false,
      ),
    );
    expect(links(doc).map((l) => [l.text, l.target?.kind])).toEqual([['Figure 1.2', 'image']]);
    expect(stats).toMatchObject({ numbered: { figure: 1 }, references: 2, linked: 1 });
  });
});

describe('exercises and solutions', () => {
  it("links each exercise of a chapter's Exercises part to its solution and back", () => {
    const doc = book([
      {
        title: 'Sets',
        content: '<p>Text.</p>',
        sections: [
          { id: 'e', title: 'Exercises', content: '<ol><li><p>Union of A and B?</p></li><li><p>Meet of A and B?</p></li></ol>' },
          { id: 's', title: 'Solutions to selected exercises', content: '<ol start="2"><li><p>The meet is empty.</p></li></ol>' },
        ],
      },
    ]);
    const found = links(doc);
    expect(found.map((l) => [l.text, textOf(l.target)])).toEqual([
      ['Solution', 'The meet is empty. Back to exercise'],
      ['Back to exercise', 'Meet of A and B? Solution'],
    ]);
    expect(textOf(allBlocks(doc).find((b) => textOf(b).startsWith('Union')))).toBe('Union of A and B?');
  });

  it('links exercises to solutions in back matter, by its "Chapter N" headings or "N.M" labels', () => {
    const doc = book([
      { title: 'Logic', content: '<h3>Exercises</h3><p>Exercise 1. Is it valid?</p><p>Exercise 2. Is it sound?</p>' },
      { title: 'Sets', content: '<h3>Problems</h3><ol><li><p>Is A a set?</p></li></ol>' },
      {
        title: 'Answers',
        content: '<h3>Chapter 1</h3><p>2. It is sound.</p><h3>Chapter 2</h3><p>Solution 1. Yes.</p>',
      },
    ]);
    expect(links(doc).map((l) => [l.text, textOf(l.target)])).toEqual([
      ['Solution', '2. It is sound. Back to exercise'],
      ['Solution', 'Solution 1. Yes. Back to exercise'],
      ['Back to exercise', 'Exercise 2. Is it sound? Solution'],
      ['Back to exercise', 'Is A a set? Solution'],
    ]);
  });

  it('renders the links as ids and internal links in the HTML', () => {
    const html = renderBookHtml(
      book([{ title: 'C', content: '<p>Table 1.1: Data.</p><table><tr><td>1</td></tr></table><p>See Table 1.1.</p>' }]),
    );
    const id = /<p id="([^"]+)">Table 1\.1: Data\.<\/p>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`See <a href="#${id}">Table 1.1</a>.`);
  });
});

describe("the chapter's Exercises part", () => {
  it('lists the exercises standing in the text at the chapter end, linked to where they stand and to their solutions, text not repeated', () => {
    const doc = book([
      {
        title: 'Sets',
        content: '<p>A set is a collection of distinct objects.</p>',
        sections: [
          {
            id: 'u',
            title: 'Unions',
            content: '<p>The union of A and B holds what either holds.</p><p>Exercise 1. Is the union of A and A equal to A?</p>',
          },
          {
            id: 'm',
            title: 'Meets',
            content: '<p>The meet holds what both hold.</p><p>Exercise 2. Is the meet of A and B a subset of A?</p>',
          },
        ],
      },
      { title: 'Answers', content: '<h3>Chapter 1</h3><p>Solution 2. Yes, always.</p>' },
    ]);
    const last = doc.chapters[0].sections[1].blocks;
    const [heading, list] = last.slice(-2);
    expect(textOf(heading)).toBe('Exercises');
    expect(list.kind).toBe('list');
    const items = list.kind === 'list' ? list.items.map((blocks) => blocks[0]) : [];
    expect(items.map(textOf)).toEqual(['Exercise 1 (Unions)', 'Exercise 2 (Meets) · Solution']);
    const blocks = allBlocks(doc);
    const found = items
      .flatMap((b) => (b.kind === 'paragraph' ? b.content : []))
      .flatMap((r) => (r.kind === 'text' && r.href ? [{ text: r.text, target: blocks.find((b) => b.anchor === r.href!.slice(1)) }] : []));
    expect(found.map((l) => [l.text, textOf(l.target)])).toEqual([
      ['Exercise 1', 'Exercise 1. Is the union of A and A equal to A?'],
      ['Exercise 2', 'Exercise 2. Is the meet of A and B a subset of A? Solution'],
      ['Solution', 'Solution 2. Yes, always. Back to exercise'],
    ]);
    // The exercises stay where they stand; no exercise's text is printed twice.
    expect(allBlocks(doc).filter((b) => textOf(b).includes('Is the union of A and A equal to A?'))).toHaveLength(1);
  });

  it('adds no part to a chapter whose exercises are already gathered in an Exercises part', () => {
    const doc = book([{ title: 'Logic', content: '<p>Text.</p><h3>Exercises</h3><p>Exercise 1. Is it valid?</p>' }]);
    expect(allBlocks(doc).filter((b) => b.kind === 'heading' && textOf(b) === 'Exercises')).toHaveLength(1);
  });
});
