import { glossaryOf } from '@common/book-render/back-matter';
import { buildBookDocument } from '@common/book-render/book-document';
import { renderBlocksHtml } from '@common/book-render/render-html';
import type { TextbookContent } from '@common/textbook';
import { BookHtml } from './book-html';

export type BackMatterPart = 'glossary' | 'index';

export interface ReaderBackMatter {
  /** The glossary's terms, for linking their first use in each chapter. */
  terms: string[];
  glossary?: { title: string; html: string };
  index?: { title: string; html: string };
}

/** A book anchor as the reader's address: chapter 3 "#c3", its second section "#c3-s2", a glossary entry its page. */
export function readerHref(anchor: string): string {
  const m = /^ch(\d+)(?:s(\d+))?$/.exec(anchor);
  if (m) return m[2] ? `#c${m[1]}-s${m[2]}` : `#c${m[1]}`;
  return anchor.startsWith('glossary') ? '#glossary' : anchor === 'index' ? '#index' : `#${anchor}`;
}

const cache = new WeakMap<TextbookContent, ReaderBackMatter>();

/**
 * The book's glossary and index, built from its chapters as the exports build them (common/book-render/back-matter.ts),
 * once per content; links lead to the reader's own pages.
 */
export function readerBackMatter(content: TextbookContent): ReaderBackMatter {
  const known = cache.get(content);
  if (known) return known;
  const doc = buildBookDocument({ topic: content.title, content, authors: [], date: '1970-01-01' });
  const out: ReaderBackMatter = { terms: glossaryOf(doc.chapters.filter((c) => !c.backMatter)).map((e) => e.term) };
  for (const chapter of doc.chapters)
    if (chapter.backMatter)
      out[chapter.backMatter] = { title: chapter.title, html: renderBlocksHtml(chapter.blocks, { hrefFor: readerHref }) };
  cache.set(content, out);
  return out;
}

/** The glossary or the index as a page of the reader. */
export function ReaderBackMatterPage({ content, part }: { content: TextbookContent; part: BackMatterPart }) {
  const page = readerBackMatter(content)[part];
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
