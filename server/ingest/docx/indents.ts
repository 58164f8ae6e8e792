/**
 * How far a paragraph is indented from the left margin (w:ind w:left, in twentieths of a point), carried at its start
 * to the HTML reader (mammoth drops indentation). A syllabus typed with bold lines shows its hierarchy so: "Textbook:"
 * and "Reference books:" set in under "Required materials:", the books themselves further in.
 */
import { child, W, type El } from './word-dom';

/** The left indent, and "H" when the paragraph hangs (w:hanging: its first line set out from the rest, as a glossary's entries). */
export const indentMark = (twips: number, hanging = false) => `\uE000IND${twips}${hanging ? 'H' : ''}\uE001`;
export const indentMarks = /\uE000IND(\d+)(H?)\uE001/g;

/** Marks the body's indented paragraphs (outside tables and lists) with their left indent. */
export function markIndents(root: El): void {
  const doc = (root as unknown as { ownerDocument: El['ownerDocument'] }).ownerDocument;
  for (const p of Array.from(root.getElementsByTagName('w:p'))) {
    const pPr = child(p, 'w:pPr');
    const ind = child(pPr, 'w:ind');
    if (!ind || child(pPr, 'w:numPr') || p.parentNode?.nodeName !== 'w:body') continue;
    const left = Number(ind.getAttribute('w:left') ?? ind.getAttribute('w:start') ?? 0);
    if (!(left > 0) || !child(p, 'w:r')) continue;
    const r = doc.createElementNS(W, 'w:r');
    const t = doc.createElementNS(W, 'w:t');
    t.appendChild(doc.createTextNode(indentMark(Math.round(left), Number(ind.getAttribute('w:hanging') ?? 0) > 0)));
    r.appendChild(t);
    p.insertBefore(r, pPr?.nextSibling ?? null);
  }
}
