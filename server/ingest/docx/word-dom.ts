/**
 * The few DOM operations the Word readers run on document.xml (parsed by @xmldom/xmldom), typed once:
 * the WordprocessingML namespace, an element's shape, and its child elements of a name (walked
 * directly rather than through the live list a tag search builds).
 */
import type { XmlNode } from './omml-latex';

export const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

export type El = XmlNode & {
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
  replaceChild(a: XmlNode, b: XmlNode): void;
  removeChild(a: XmlNode): void;
};

/** An element's child elements of a name, in order. */
export const children = (el: El | null | undefined, name: string): El[] => {
  const out: El[] = [];
  for (let c = el?.firstChild; c; c = c.nextSibling) if (c.nodeName === name) out.push(c);
  return out;
};

/** An element's first child element of a name. */
export const child = (el: El | null | undefined, name: string): El | undefined => {
  for (let c = el?.firstChild; c; c = c.nextSibling) if (c.nodeName === name) return c;
  return undefined;
};

/** An element's descendants of a name, in document order. */
export const all = (root: El, name: string): El[] => Array.from(root.getElementsByTagName(name));

/** An element's text as written: its text runs (w:t) joined. */
export const textOf = (el: El): string =>
  Array.from(el.getElementsByTagName('w:t'))
    .map((t) => t.textContent ?? '')
    .join('');

/**
 * A paragraph's own runs, in order: those a text box inside it holds (w:txbxContent, in a drawing or a VML w:pict) belong
 * to the text box's paragraphs. Runs inside a hyperlink, a field or a content control are the paragraph's still.
 */
export const ownRuns = (p: El): El[] =>
  all(p, 'w:r').filter((r) => {
    let n = r.parentNode;
    while (n && n.nodeName !== 'w:p') n = n.parentNode;
    return n === p;
  });

/** A run's own text (its w:t children), without that of a text box drawn in it. */
export const runText = (r: El): string =>
  children(r, 'w:t')
    .map((t) => t.textContent ?? '')
    .join('');

/** Whether a toggle property (w:b, w:caps) is on: present, and its value, if any, not one of Word's words for off. */
export const isOn = (el: El | undefined): boolean => !!el && !/^(0|false|off)$/i.test(el.getAttribute?.('w:val') ?? 'true');

/** A paragraph's own style id (its w:pPr's w:pStyle), '' when it has none. */
export const paragraphStyle = (p: El): string => child(child(p, 'w:pPr'), 'w:pStyle')?.getAttribute('w:val') ?? '';

/** Gives a paragraph the style `id` in place of any it had, making its w:pPr when it has none. */
export function setParagraphStyle(p: El, id: string): void {
  let pPr = child(p, 'w:pPr');
  if (!pPr) {
    pPr = p.ownerDocument.createElementNS(W, 'w:pPr');
    p.insertBefore(pPr, p.firstChild);
  }
  for (const s of Array.from(pPr.getElementsByTagName('w:pStyle'))) pPr.removeChild(s);
  const style = p.ownerDocument.createElementNS(W, 'w:pStyle');
  style.setAttribute('w:val', id);
  pPr.insertBefore(style, pPr.firstChild);
}

/** An element's words: its text runs joined, white space collapsed. */
export const wordText = (el: El): string =>
  Array.from(el.getElementsByTagName('w:t'))
    .map((t) => t.textContent ?? '')
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** A run (w:r) of one plain text, its spaces kept (the marks the readers insert for the HTML reader to find). */
export function textRun(doc: El['ownerDocument'], text: string): El {
  const r = doc.createElementNS(W, 'w:r');
  const t = doc.createElementNS(W, 'w:t');
  t.setAttribute('xml:space', 'preserve');
  t.appendChild(doc.createTextNode(text));
  r.appendChild(t);
  return r;
}

/** A new body paragraph holding one run of plain text (the marks the readers insert for the HTML reader to find). */
export function plainParagraph(doc: El['ownerDocument'], text: string): El {
  const p = doc.createElementNS(W, 'w:p');
  p.appendChild(textRun(doc, text));
  return p;
}
