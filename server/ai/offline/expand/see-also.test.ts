import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { generateSection } from '../expand';
import { blocksUnder, linearAlgebraContext, linearAlgebraNotes } from '@server/test/ai/linear-algebra.support';

const doc = linearAlgebraNotes();
const whole = (heading: string) => renderBlocks(blocksUnder(doc, heading));

/** The notes as the composer makes them by default: every unit printed whole, so no section has anything of its own left. */
function wholeBook(chapters: Array<[string, string[]]>): TextbookContent {
  return {
    title: 'Linear Algebra',
    references: [],
    chapters: chapters.map(([title, sections], i) => ({
      id: `c${i}`,
      title,
      content: whole(title),
      sections: sections.map((s, j) => ({ id: `c${i}s${j}`, title: s, content: whole(s) })),
    })),
  };
}

const layout: Array<[string, string[]]> = [
  ['Matrices', ['Matrix Multiplication', 'Matrix Inverse and Transpose']],
  ['Gaussian Elimination', ['Row Echelon Form', 'Gaussian Elimination in Practice']],
  ['Linear Mappings', []],
];

const expand = (book: TextbookContent, chapterIndex: number, sectionTitle: string) =>
  generateSection(linearAlgebraContext(doc), {
    book,
    chapterIndex,
    chapterTitle: book.chapters[chapterIndex].title,
    sectionTitle,
    references: [],
    paragraphCount: 3,
  });

describe('offline expansion of a section that already holds all of its source', () => {
  it('points to where the book defines a term the section uses, without printing the definition twice', async () => {
    const book = wholeBook(layout);
    const current = book.chapters[1].sections[0].content;
    const result = await expand(book, 1, 'Row Echelon Form');
    expect(result.exhausted).toBe(false);
    expect(result.value.startsWith(current)).toBe(true);
    const added = htmlToText(result.value.slice(current.length));
    expect(added).toMatch(/^See also/);
    expect(added).toContain('The definition of \u201cmatrix\u201d: chapter 1, \u201cMatrices\u201d.');
    // A pointer, not a copy: the defining sentence is still printed once in the whole book.
    expect(added).not.toContain('rectangular array');
    expect(result.note).toMatch(/from elsewhere in your material .*Connecting a language model/);
  });

  it('adds the definition itself, with its source named, when the book does not print it anywhere', async () => {
    const book = wholeBook(layout);
    // An author who cut the chapter on matrices down to its second paragraph.
    book.chapters[0].content = renderBlocks(blocksUnder(doc, 'Matrices').slice(1));
    const current = book.chapters[1].sections[0].content;
    const result = await expand(book, 1, 'Row Echelon Form');
    const added = result.value.slice(current.length);
    expect(htmlToText(added)).toContain('The definition of \u201cmatrix\u201d (from linear-algebra-notes.md):');
    expect(htmlToText(added)).toContain('A matrix is a rectangular array of numbers arranged in rows and columns.');
  });

  it('says there is nothing more when the rest of the material has nothing on the section either', async () => {
    const book = wholeBook(layout);
    // "Matrix Multiplication" uses only terms its own chapter defines, and no other unit has an example or figure on it.
    const result = await expand(book, 0, 'Matrix Multiplication');
    expect(result.exhausted).toBe(true);
    expect(result.value).toBe(book.chapters[0].sections[0].content);
    expect(result.note).toMatch(/^Nothing more to add/);
  });
});
