import type { ReaderBackMatter, ReaderPrepared } from '../share';
import type { TextbookContent } from '../textbook';
import { glossaryOf } from './back-matter';
import { buildBookDocument } from './book-document';
import { readerCrossReferences } from './reader-html';
import { renderBlocksHtml } from './render-html';

/** A book anchor as the reader's address: chapter 3 "#c3", its second section "#c3-s2", a glossary entry its page. */
export function readerHref(anchor: string): string {
  const m = /^ch(\d+)(?:s(\d+))?$/.exec(anchor);
  if (m) return m[2] ? `#c${m[1]}-s${m[2]}` : `#c${m[1]}`;
  return anchor.startsWith('glossary') ? '#glossary' : anchor === 'index' ? '#index' : `#${anchor}`;
}

/**
 * The book's glossary and index, built from its chapters as the exports build them (back-matter.ts); links lead to
 * the reader's own pages.
 */
export function readerBackMatterOf(content: TextbookContent): ReaderBackMatter {
  const doc = buildBookDocument({ topic: content.title, content, authors: [], date: '1970-01-01' });
  const out: ReaderBackMatter = { terms: glossaryOf(doc.chapters.filter((c) => !c.backMatter)).map((e) => e.term) };
  for (const chapter of doc.chapters)
    if (chapter.backMatter)
      out[chapter.backMatter] = { title: chapter.title, html: renderBlocksHtml(chapter.blocks, { hrefFor: readerHref }) };
  return out;
}

/**
 * What the reader page shows beyond the stored text: the numbered, cross-referenced chapters (reader-html.ts) and
 * the glossary and index. Made by the server once per revision of a shared book (its reader JSON is cached), so a
 * reader's browser neither builds it on every visit nor loads the HTML parser it needs.
 */
export function prepareReader(content: TextbookContent): ReaderPrepared {
  return { units: readerCrossReferences(content), ...readerBackMatterOf(content) };
}
