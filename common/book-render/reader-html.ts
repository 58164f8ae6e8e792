import type { TextbookContent } from '../textbook';
import type { Block } from './book-model';
import { buildBookDocument } from './book-document';
import { crossReferenceBook } from './cross-refs';
import { anchorChapter } from './numbering';
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
export const readerHrefFor = (anchor: string) => `#c${anchorChapter(anchor).slice(2)}/${anchor}`;

/** A shared book's pictures are served through its link (`/api/shared/{token}/images/4`): read as the book's own, shown as they were. */
const sharedImage = /(["'])(\/api\/shared\/[A-Za-z0-9_-]{1,200}\/images\/(\d{1,12}))\1/g;

export function readerCrossReferences(content: TextbookContent): ReaderUnitsHtml {
  const shown = new Map<string, string>();
  const own = (html: string) =>
    html.replace(sharedImage, (_m, quote: string, link: string, id: string) => {
      shown.set(`/api/images/${id}`, link);
      return `${quote}/api/images/${id}${quote}`;
    });
  const readable = {
    ...content,
    chapters: content.chapters.map((c) => ({
      ...c,
      content: own(c.content),
      sections: c.sections.map((s) => ({ ...s, content: own(s.content) })),
    })),
  };
  const plain = buildBookDocument({ topic: content.title, content: readable, authors: [], date: '', crossReferences: false });
  const { doc } = crossReferenceBook(plain);
  const opts = { editorMath: true, hrefFor: readerHrefFor, imageSrc: (src: string) => shown.get(src) ?? src };
  const unit = (before: Block[], after: Block[]) =>
    JSON.stringify(before) === JSON.stringify(after) ? null : renderBlocksHtml(after, opts);
  return {
    chapters: doc.chapters.map((chapter, c) => ({
      content: unit(plain.chapters[c].blocks, chapter.blocks),
      sections: chapter.sections.map((section, s) => unit(plain.chapters[c].sections[s].blocks, section.blocks)),
    })),
  };
}
