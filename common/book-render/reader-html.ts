import type { TextbookContent } from '../textbook';
import type { Block } from './book-model';
import { buildBookDocument } from './book-document';
import { crossReferenceBook } from './cross-refs';
import { renderBlocksHtml } from './render-html';

/**
 * The reader page's text with the book's numbers and cross-reference links (cross-refs.ts). A chapter's or
 * section's text that numbering leaves as it is stays null, and the page shows its stored HTML; the others are
 * rendered from the book's blocks with formulas as the editor stores them (the page typesets them), anchors as ids
 * and references as links to the reader's place of their target: `#c2/ch2-fig-2-3`.
 */
export interface ReaderUnitsHtml {
  chapters: Array<{ content: string | null; sections: Array<string | null> }>;
}

/** The reader's link to an anchor: its chapter's page, then the anchor ("ch2-fig-2-3" lives in chapter 2). */
export const readerHrefFor = (anchor: string) => {
  const chapter = /^ch(\d+)/.exec(anchor)?.[1];
  return chapter ? `#c${chapter}/${anchor}` : `#${anchor}`;
};

export function readerCrossReferences(content: TextbookContent): ReaderUnitsHtml {
  const plain = buildBookDocument({ topic: content.title, content, authors: [], date: '', crossReferences: false });
  const { doc } = crossReferenceBook(plain);
  const unit = (before: Block[], after: Block[]) =>
    JSON.stringify(before) === JSON.stringify(after) ? null : renderBlocksHtml(after, { editorMath: true, hrefFor: readerHrefFor });
  return {
    chapters: doc.chapters.map((chapter, c) => ({
      content: unit(plain.chapters[c].blocks, chapter.blocks),
      sections: chapter.sections.map((section, s) => unit(plain.chapters[c].sections[s].blocks, section.blocks)),
    })),
  };
}
