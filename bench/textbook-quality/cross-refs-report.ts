import { buildBookDocument } from '@common/book-render/book-document';
import { crossReferenceBook } from '@common/book-render/cross-refs';
import type { TextbookContent } from '@common/textbook';

/**
 * Numbering and cross-references of a made book, as every export renders it (common/book-render/cross-refs.ts):
 * numbered figures, tables, equations, examples and exercises; references found in the running text; how many
 * became links; exercises linked to their solutions; exercises standing in the text listed at their chapter's end.
 */
export const crossRefHeader = [
  'figures',
  'tables',
  'equations',
  'examples',
  'exercises',
  'references',
  'linked',
  'solutions linked',
  'exercises gathered at chapter end',
];

export function crossRefCells(book: TextbookContent): string[] {
  const doc = buildBookDocument({ topic: book.title, content: book, authors: [], date: '2026-01-01', crossReferences: false });
  const { stats } = crossReferenceBook(doc);
  const n = (k: keyof typeof stats.numbered) => `${stats.numbered[k] ?? 0}`;
  return [
    n('figure'),
    n('table'),
    n('equation'),
    n('example'),
    n('exercise'),
    `${stats.references}`,
    `${stats.linked}${stats.references ? ` (${Math.round((100 * stats.linked) / stats.references)}%)` : ''}`,
    `${stats.solutionsLinked}`,
    `${stats.exercisesGathered}`,
  ];
}
