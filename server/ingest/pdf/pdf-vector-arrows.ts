import type { PdfItem } from './pdf-types';

/** The combining right arrow above: "v⃗" is the vector v, as \vec{v} sets it. */
export const COMBINING_ARROW = '\u20D7';

/**
 * The fonts of esvect's arrows (\vv{v}): "vect10", "TeX-vect10", "esvect...". Their glyphs have no
 * character of their own (pdf.js reads "#»"): the whole run is an arrow set over the letters below.
 */
export function isArrowFont(fontName: string): boolean {
  return /^(?:TeX-)?(?:vect\d|esvect)/i.test(fontName.replace(/^[A-Z]{6}\+/, ''));
}

/** A run that is only an arrow or the bar-and-head pieces of one ("−", "→", "⟶"), as \overrightarrow draws it. */
const arrowPieces = /^[−\-→⟶]+$/;

export interface ArrowRun {
  x: number;
  y: number;
  width: number;
  size: number;
  /** A bar or head read from a math font: the page's own run, which stays text unless it is found to be an arrow over letters. */
  item?: PdfItem;
}

/** Whether a math run may be a piece of an arrow drawn over a formula ("−", "→"): it is one when a head is among the pieces and letters lie under it. */
export function isArrowPiece(text: string, math: number): boolean {
  return math > 0 && arrowPieces.test(text.replace(/\s/g, ''));
}

/**
 * Puts each arrow drawn over a formula (esvect's \vv, \overrightarrow, set on a baseline of its own
 * above the letters) onto the letters it stands over: one letter gets the combining arrow ("v⃗"),
 * several are written as the formula they are ("\(\overrightarrow{AB}\)"). Read as text of their own,
 * the arrows made a line of "#»" between the lines of a paragraph, split it at every line and left
 * the letters looking like plain numbers. An arrow over nothing the page says is dropped.
 * `pieces`: the arrow runs in page order; `items` are changed in place.
 */
export function placeVectorArrows(items: PdfItem[], pieces: ArrowRun[]): void {
  const allPieces = new Set(pieces.flatMap((p) => (p.item ? [p.item] : [])));
  for (const { arrow, items: own } of joinPieces(pieces)) {
    // Bars alone are minus signs; a run of an arrow font is an arrow whole.
    if (own.length && !own.some((i) => /[→⟶]/.test(i.str))) continue;
    // An arrow drawn over a formula has its baseline to itself; one with text beside it is an arrow of the text ("f : A → B").
    const besideText = (item: PdfItem) =>
      !allPieces.has(item) &&
      Math.abs(item.y - arrow.y) < 0.15 * arrow.size &&
      item.x < arrow.x + arrow.width + 2 * arrow.size &&
      item.x + item.width > arrow.x - 2 * arrow.size;
    if (own.length && items.some(besideText)) continue;
    const centre = arrow.x + arrow.width / 2;
    let base: PdfItem | undefined;
    for (const item of items) {
      if (own.includes(item)) continue;
      const drop = arrow.y - item.y;
      if (drop < 0.25 * arrow.size || drop > 0.75 * arrow.size) continue;
      if (centre < item.x - 0.2 * item.size || centre > item.x + item.width + 0.2 * item.size) continue;
      if (!base || Math.abs(drop - 0.5 * arrow.size) < Math.abs(arrow.y - base.y - 0.5 * arrow.size)) base = item;
    }
    if (!base) continue;
    base.str = withArrow(base, arrow);
    for (const piece of own) items.splice(items.indexOf(piece), 1);
  }
}

/** Consecutive pieces on one baseline that touch (the bars and the head of one long arrow) as one arrow. */
function joinPieces(pieces: ArrowRun[]): Array<{ arrow: ArrowRun; items: PdfItem[] }> {
  const out: Array<{ arrow: ArrowRun; items: PdfItem[] }> = [];
  for (const p of pieces) {
    const last = out[out.length - 1]?.arrow;
    const same = last && !last.item === !p.item;
    if (same && Math.abs(last.y - p.y) < 0.1 * p.size && p.x <= last.x + last.width + 0.1 * p.size && p.x >= last.x) {
      last.width = Math.max(last.width, p.x + p.width - last.x);
      if (p.item) out[out.length - 1].items.push(p.item);
      continue;
    }
    out.push({ arrow: { ...p }, items: p.item ? [p.item] : [] });
  }
  return out;
}

/** The base run's text with the arrow over the characters it spans (by their share of the run's width). */
function withArrow(base: PdfItem, arrow: ArrowRun): string {
  const chars = [...base.str];
  const at = (x: number) => Math.round(((x - base.x) / Math.max(base.width, 1e-6)) * chars.length);
  let from = Math.max(0, Math.min(chars.length - 1, at(arrow.x)));
  let to = Math.max(from + 1, Math.min(chars.length, at(arrow.x + arrow.width)));
  while (from < to && !/\S/u.test(chars[from])) from++;
  while (to > from && !/\S/u.test(chars[to - 1])) to--;
  if (from >= to) return base.str;
  // A letter's own accents ("𝑎̂") go with it: the arrow over a letter that has a hat sits between the two.
  while (to < chars.length && /\p{M}/u.test(chars[to])) to++;
  const over = chars.slice(from, to).filter((c) => /\S/u.test(c));
  const letters = over.filter((c) => !/\p{M}/u.test(c));
  const marked =
    letters.length === 1 && !over.includes(COMBINING_ARROW)
      ? `${letters[0]}${COMBINING_ARROW}${over.filter((c) => c !== letters[0]).join('')}`
      : `\\(\\overrightarrow{${over.join('')}}\\)`;
  return [...chars.slice(0, from), marked, ...chars.slice(to)].join('');
}

/**
 * An arrow the page draws a second time over a letter that already carries it: a run of the combining arrow alone
 * (no width of its own) at the right edge of a run that ends with that arrow on the same baseline (a TikZ label
 * "$\vec{a}$" reads "𝑎⃗" and then "⃗" again). Read as text it would join the letter as "𝑎⃗⃗"; it goes.
 * `items` are changed in place.
 */
export function dropRepeatedArrows(items: PdfItem[]): void {
  const lone = (i: PdfItem) => i.str.trim().length > 0 && [...i.str.trim()].every((c) => c === COMBINING_ARROW);
  for (let k = items.length - 1; k >= 0; k--) {
    const arrow = items[k];
    if (!lone(arrow)) continue;
    const carried = items.some(
      (i) =>
        i !== arrow &&
        !lone(i) &&
        i.str.trimEnd().endsWith(COMBINING_ARROW) &&
        Math.abs(i.y - arrow.y) < 0.2 * arrow.size &&
        arrow.x >= i.x + i.width - 0.5 * arrow.size &&
        arrow.x <= i.x + i.width + 0.3 * arrow.size,
    );
    if (carried) items.splice(k, 1);
  }
}
