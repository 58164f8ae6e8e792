/** The fidelity columns of the textbook-quality table for one document, and what each counts (for --detail). */
import { pct } from '../real/corpus';
import {
  formulaFailures,
  glyphErrors,
  linksKept,
  listStartsDiffering,
  midSentenceEnds,
  runningHeadsInBook,
  storedFormulas,
} from './fidelity';
import { sourceMarks } from './source-marks';

export const fidelityHead = [
  'glyph errors',
  'formulas failing',
  'mid-sentence ends',
  'running heads in text',
  'links kept',
  'list starts differing',
];

export async function fidelityOf(
  file: { name: string; data: Uint8Array },
  book: { html: string; text: string },
  runningHeads: string[],
  referenceUrls: string[] = [],
): Promise<{ cells: string[]; detail: Array<[string, string[]]> }> {
  const marks = await sourceMarks(file.name, file.data);
  const glyphs = glyphErrors(book.text);
  const formulas = formulaFailures(book.html);
  const mid = midSentenceEnds(book.html, marks.openEnds);
  const heads = runningHeadsInBook(runningHeads, book.html);
  // A link of the source's reference list is carried by the book's references (the list is not body text), a link of
  // its title page by the book's credits.
  const links = linksKept(marks.links, book.html, referenceUrls);
  const lists = listStartsDiffering(marks.listStarts, book.html);
  return {
    cells: [
      `${glyphs.length}`,
      `${formulas.length}/${storedFormulas(book.html).length}`,
      `${pct(mid.cut.length / Math.max(1, mid.judged))} (${mid.cut.length}/${mid.judged})`,
      `${heads.length}`,
      links.total ? `${pct(links.kept / links.total)} (${links.kept}/${links.total})` : 'n/a',
      `${lists.differing}/${lists.total}`,
    ],
    detail: [
      ['math glyph errors', glyphs],
      ['formulas KaTeX cannot typeset', formulas],
      ['paragraphs ending mid-sentence', mid.cut],
      ['running heads inside paragraphs', heads],
      ['source links the book does not carry', links.missing],
    ],
  };
}
