/**
 * How far a paragraph is indented from the left margin (w:ind w:left, in twentieths of a point), carried at its start
 * to the HTML reader (mammoth drops indentation). A syllabus typed with bold lines shows its hierarchy so: "Textbook:"
 * and "Reference books:" set in under "Required materials:", the books themselves further in.
 */
import type { XmlNode } from './omml-latex';

export const indentMark = (twips: number) => `\uE000IND${twips}\uE001`;
export const indentMarks = /\uE000IND(\d+)\uE001/g;

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

type El = XmlNode & {
  nodeName: string;
  parentNode: El | null;
  nextSibling: El | null;
  firstChild: El | null;
  ownerDocument: { createElementNS(ns: string, name: string): El; createTextNode(text: string): XmlNode };
  getElementsByTagName(name: string): ArrayLike<El>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  insertBefore(a: XmlNode, b: XmlNode | null): void;
  appendChild(a: XmlNode): void;
};

const child = (el: El | null | undefined, name: string): El | undefined => {
  for (let c = el?.firstChild; c; c = c.nextSibling) if (c.nodeName === name) return c;
  return undefined;
};

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
    t.appendChild(doc.createTextNode(indentMark(Math.round(left))));
    r.appendChild(t);
    p.insertBefore(r, pPr?.nextSibling ?? null);
  }
}
