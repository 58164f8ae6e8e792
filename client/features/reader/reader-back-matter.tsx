import type { ReaderBackMatter, SharedBook } from '@common/share';
import { BookHtml } from './book-html';

export type BackMatterPart = 'glossary' | 'index';

const none: ReaderBackMatter = { terms: [] };

/**
 * The book's glossary and index (and the glossary's terms), as the server made them for this revision
 * (common/book-render/reader-prepared.ts); a book without them has none.
 */
export function readerBackMatter(book: SharedBook): ReaderBackMatter {
  return book.reader ?? none;
}

/** The glossary or the index as a page of the reader. */
export function ReaderBackMatterPage({ book, part }: { book: SharedBook; part: BackMatterPart }) {
  const page = readerBackMatter(book)[part];
  if (!page) return null;
  return (
    <article className="reader-chapter" aria-labelledby={`reader-${part}-title`}>
      <h2 id={`reader-${part}-title`} className="mb-4 text-3xl font-bold">
        {page.title}
      </h2>
      <BookHtml html={page.html} />
    </article>
  );
}
