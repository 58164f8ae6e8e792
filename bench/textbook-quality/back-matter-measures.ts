/**
 * The book's glossary and index as every export and the reader build them (common/book-render/back-matter.ts):
 * entries of each, and the links they make (text to glossary entries, index entries to the sections using them).
 */
import { withBackMatter } from '@common/book-render/back-matter';
import { buildBookDocument } from '@common/book-render/book-document';
import type { TextbookContent } from '@common/textbook';

export const backMatterHeader = ['glossary entries', 'index entries (own index words)', 'text -> glossary links', 'index -> section links'];

export function backMatterRow(book: TextbookContent): string[] {
  const doc = buildBookDocument({ topic: book.title, content: book, authors: [], date: '2026-01-01' });
  const { stats } = withBackMatter(doc, book.indexTerms ?? []);
  const own = book.indexTerms?.length ?? 0;
  return [`${stats.glossaryEntries}`, `${stats.indexEntries} (${own})`, `${stats.glossaryLinks}`, `${stats.indexLinks}`];
}
