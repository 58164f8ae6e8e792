/**
 * Where a PDF's own text stops: a document may end mid-sentence itself (a guide cut off after its last page's
 * "... including print and electronic"). Read from the page rows apart from the product's extraction.
 */
import { endsOpen, openEndKey } from './fidelity';
import type { TextRow } from './footnote-open-ends';

/**
 * The closing words (openEndKey) of the document's last line of body text when it ends without a stop: the last row of
 * three words or more on the last page that has one, in the body type (a page number under it aside). Nothing when that
 * row is smaller type (footnotes, a colophon) or ends a sentence.
 */
export function documentOpenEnd(pages: Array<{ rows: TextRow[] }>, bodySize: number): string[] {
  for (let n = pages.length - 1; n >= 0; n--) {
    const worded = pages[n].rows.filter((r) => (r.text.match(/\p{L}+/gu) ?? []).length >= 3);
    if (worded.length === 0) continue;
    const last = worded.reduce((low, r) => (r.y < low.y ? r : low));
    return Math.abs(last.size - bodySize) < 0.5 && endsOpen(last.text) ? [openEndKey(last.text)] : [];
  }
  return [];
}
