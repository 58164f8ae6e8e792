import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { expandChapter, expandParagraph, generateSection } from '../expand';
import {
  blocksUnder,
  linearAlgebraBook,
  linearAlgebraContext,
  linearAlgebraNotes,
  notesFile,
} from '@server/test/ai/linear-algebra.support';

const doc = linearAlgebraNotes();
const ctx = linearAlgebraContext(doc);

/** The heading of the notes each sentence of the notes sits under. */
const headingOf = new Map<string, string>();
{
  let heading = '';
  for (const b of doc.blocks) {
    if (b.kind === 'heading') heading = b.text;
    else for (const s of fastSentences(b.text.replace(/\\\((.+?)\\\)/g, ' '))) headingOf.set(sentenceKey(s), heading);
  }
}
const textSentences = (html: string) => htmlBlocks(html).flatMap((b) => fastSentences(htmlToText(b)));
const bookSentences = (book: TextbookContent) =>
  new Set(
    book.chapters
      .flatMap((c) => [c.content, ...c.sections.map((s) => s.content)])
      .flatMap(textSentences)
      .map(sentenceKey),
  );

describe('Expand Section draws on the source unit behind the section', () => {
  const book = linearAlgebraBook(doc);
  const section = (paragraphCount: number, title = 'Matrix Multiplication', chapterIndex = 0) =>
    generateSection(ctx, {
      book,
      chapterIndex,
      chapterTitle: book.chapters[chapterIndex].title,
      sectionTitle: title,
      references: [],
      paragraphCount,
    });

  it('adds what its own unit holds first, in reading order, with the display formula and the inline math intact', async () => {
    const result = await section(8);
    expect(result.exhausted).toBe(false);
    const blocks = htmlBlocks(result.value);
    // The author's paragraph stays first and unchanged; the unit's formula and paragraphs follow it in the notes' order.
    expect(blocks[0]).toBe(book.chapters[0].sections[0].content);
    expect(blocks[1]).toBe('<div data-type="block-math" data-latex="c_{ij} = \\sum_{k=1}^{n} a_{ik} b_{kj}"></div>');
    const own = blocksUnder(doc, 'Matrix Multiplication').filter((b) => b.kind === 'paragraph');
    expect(blocks.slice(2, 5)).toEqual(own.slice(1).map((b) => renderBlocks([b])));
    expect(result.value).toContain('<span data-type="inline-math" data-latex="2 \\times 3"></span>');
    expect(result.value).not.toContain('\\(');
    // Everything added comes from the unit, its neighbours in the tree (the chapter's own text, the section beside it),
    // or, past those, from a passage elsewhere in the notes that is on the section's topic...
    const inBook = bookSentences(book);
    const added = textSentences(result.value).filter((s) => !inBook.has(sentenceKey(s)));
    expect(added.length).toBeGreaterThanOrEqual(4);
    for (const s of added) {
      const near = ['Matrix Multiplication', 'Matrices', 'Matrix Inverse and Transpose'].includes(headingOf.get(sentenceKey(s)) ?? '');
      expect(near || /matrix multiplication/i.test(s), s).toBe(true);
    }
    expect(added.slice(0, 3).map((s) => headingOf.get(sentenceKey(s)))).toEqual(Array(3).fill('Matrix Multiplication'));
    // ...and no more paragraphs than asked for.
    expect(blocks.length - 1).toBeLessThanOrEqual(8 + 1);
  });

  it('stops at the paragraphs asked for, taking the earliest of its unit', async () => {
    const result = await section(2);
    const added = htmlBlocks(result.value).slice(1);
    expect(added.filter((b) => b.startsWith('<p>'))).toHaveLength(2);
    expect(htmlToText(added.join(''))).toMatch(/^Matrix multiplication is associative/);
  });

  it('says nothing is left, naming the sources it searched, when the book already prints the unit and all that is on its topic', async () => {
    const full: TextbookContent = {
      ...book,
      chapters: [
        { id: 'all', title: 'Everything', content: '', sections: [{ id: 'x', title: 'Matrix Multiplication', content: renderAll() }] },
      ],
    };
    const result = await generateSection(ctx, {
      book: full,
      chapterIndex: 0,
      chapterTitle: 'Everything',
      sectionTitle: 'Matrix Multiplication',
      references: [],
      paragraphCount: 8,
    });
    expect(result).toEqual({
      value: full.chapters[0].sections[0].content,
      exhausted: true,
      note: `Nothing more to add: everything "${notesFile}" says about "Matrix Multiplication" is already in the textbook.`,
    });
  });
});

function renderAll(): string {
  return doc.blocks
    .filter((b) => b.kind !== 'heading')
    .map((b) =>
      b.kind === 'equation'
        ? `<div data-type="block-math" data-latex="${b.latex}"></div>`
        : `<p>${b.text.replace(/\\\((.+?)\\\)/g, ' ')}</p>`,
    )
    .join('');
}

describe('expanding a selection stays on its section’s topic', () => {
  const book = linearAlgebraBook(doc);
  const selected = 'Back substitution then solves for the unknowns of the system, from the last row of the echelon form upwards.';

  it('continues it with the sentences after it in its passage that share the topic’s terms, never the aside between them nor what came before', async () => {
    const result = await expandParagraph(ctx, { paragraphHtml: selected, book, context: 'Current chapter: Gaussian Elimination' });
    expect(result.exhausted).toBe(false);
    const text = htmlToText(result.value);
    // The selection opens the expansion (it used to gain the source's previous sentence in front of it).
    expect(text.startsWith(selected)).toBe(true);
    expect(text).not.toContain('partial pivoting chooses the largest available pivot');
    expect(text).toContain('arithmetic operations');
    expect(text).not.toMatch(/Kigali|lecture hall/);
    // In the notes' order after the selection, with the formula kept as math.
    expect(text.indexOf(selected)).toBeLessThan(text.indexOf('arithmetic operations'));
    expect(result.value).toContain('data-latex="\\frac{2}{3} n^3"');
  });

  it('takes nothing from elsewhere in the notes that does not share the section’s key terms', async () => {
    const result = await expandParagraph(ctx, { paragraphHtml: selected, book, context: 'Current chapter: Gaussian Elimination' });
    for (const s of textSentences(result.value)) {
      const heading = headingOf.get(sentenceKey(s));
      expect(['Gaussian Elimination', 'Row Echelon Form', 'Gaussian Elimination in Practice'], s).toContain(heading);
    }
  });
});

describe('Expand Chapter divides along the source’s own sub-structure', () => {
  const book = linearAlgebraBook(doc);

  it('makes a section of each sub-unit of the chapter’s source, filled from it, and says when the source has fewer parts than asked', async () => {
    const chapter = book.chapters[1];
    const result = await expandChapter(ctx, {
      book,
      chapterIndex: 1,
      chapterTitle: chapter.title,
      chapterContent: chapter.content,
      sectionCount: 4,
    });
    expect(result.value.sections.map((s) => s.title)).toEqual(['Row Echelon Form', 'Gaussian Elimination in Practice']);
    expect(result.note).toBe('The sources divide this chapter into 2 parts, so it has 2 sections.');
    const [echelon, practice] = result.value.sections;
    // The chapter's opening paragraph opens the first section; its paragraph on back substitution lands in the part it comes from.
    expect(echelon.content.startsWith(htmlBlocks(chapter.content)[0])).toBe(true);
    expect(htmlToText(echelon.content)).toContain('elementary row operations');
    expect(htmlToText(practice.content)).toContain('Back substitution');
    expect(htmlToText(practice.content)).toContain('partial pivoting');
    expect(practice.content).toContain('data-latex="n \\times n"');
  });

  it('divides by topic when the source unit has no sub-units, adding its unused paragraphs', async () => {
    const chapter = book.chapters[2];
    const result = await expandChapter(ctx, {
      book,
      chapterIndex: 2,
      chapterTitle: chapter.title,
      chapterContent: chapter.content,
      sectionCount: 4,
    });
    expect(result.exhausted).toBe(false);
    expect(result.value.sections.length).toBeGreaterThanOrEqual(2);
    const text = htmlToText(result.value.sections.map((s) => s.content).join(''));
    for (const b of blocksUnder(doc, 'Linear Mappings')) expect(text).toContain(b.text);
  });

  it('keeps the chapter’s overview and objectives at the start and its review at the end, never as sections of their own', async () => {
    const chapter = book.chapters[1];
    const opening =
      '<h3>Overview</h3><p>This chapter covers elimination.</p><h3>Learning Objectives</h3><ul><li><p>Solve a system.</p></li></ul><hr />';
    const review =
      '<h3>Summary</h3><ul><li><p>Elimination solves systems.</p></li></ul><h3>Review Questions</h3><ol><li><p>What is a pivot?</p></li></ol>';
    const content = opening + chapter.content + review;
    const framed = { ...book, chapters: book.chapters.map((c, i) => (i === 1 ? { ...c, content } : c)) };
    const result = await expandChapter(ctx, {
      book: framed,
      chapterIndex: 1,
      chapterTitle: chapter.title,
      chapterContent: content,
      sectionCount: 4,
    });
    const sections = result.value.sections;
    expect(sections.map((s) => s.title)).toEqual(['Row Echelon Form', 'Gaussian Elimination in Practice']);
    expect(sections[0].content.startsWith(opening.replace('<hr />', '<hr />'))).toBe(true);
    expect(sections[sections.length - 1].content.endsWith(review)).toBe(true);
  });

  it('refuses a one-paragraph chapter when the sources hold nothing more, naming them', async () => {
    const only: TextbookContent = {
      title: 'T',
      references: [],
      chapters: [{ id: 'x', title: 'Notes', content: renderAll(), sections: [] }],
    };
    const err = await expandChapter(ctx, {
      book: { ...only, chapters: [...only.chapters, { id: 'y', title: 'Aside', content: '<p>One short paragraph.</p>', sections: [] }] },
      chapterIndex: 1,
      chapterTitle: 'Aside',
      chapterContent: '<p>One short paragraph.</p>',
      sectionCount: 4,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe(
      `This chapter has too little text to divide into sections, and "${notesFile}" has nothing more on it.`,
    );
  });
});
