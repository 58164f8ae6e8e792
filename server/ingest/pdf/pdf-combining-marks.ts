/**
 * Combining accents a math font draws as glyphs of their own (unicode-math's \vec, \hat, \tilde: U+20D7, U+0302, ...).
 * TeX sets a math accent before its letter (the accent's box over the letter's), so pdf.js reads the mark ahead of the
 * letter or on the character before it ("𝑎 +⃗ 𝑏" for "𝑎⃗ + 𝑏⃗", the first arrow lost). Where each mark is drawn says
 * which letter it stands over.
 */
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Glyph } from './pdf-type3-glyphs';
import type { PdfItem } from './pdf-types';

// The long solidus (U+0338) is left out: it is TeX's negation slash (a font's ToUnicode map may name it so), set over the
// relation after it and joined to that relation as the page is read ("v \u0338= 0" reads "v ≠ 0"); placed as an accent,
// it would strike out the letter before it ("v\u0338 ≠ 0").
const combining = /[\u0300-\u0337\u0339-\u036f\u20d0-\u20ff]/u;
const combiningAll = /[\u0300-\u0337\u0339-\u036f\u20d0-\u20ff]/gu;

/** Whether a page draws a combining mark as a glyph of its own (most pages do not: their glyphs are not placed). */
export function drawsCombiningMarks(fnArray: number[], argsArray: unknown[][]): boolean {
  for (let i = 0; i < fnArray.length; i++) {
    const op = fnArray[i];
    if (op !== OPS.showText && op !== OPS.showSpacedText && op !== OPS.nextLineShowText && op !== OPS.nextLineSetSpacingShowText) continue;
    const args = argsArray[i] ?? [];
    const shown = args[op === OPS.nextLineSetSpacingShowText ? 2 : 0];
    if (!Array.isArray(shown)) continue;
    for (const g of shown as unknown[]) {
      const unicode = g && typeof g === 'object' ? (g as { unicode?: unknown }).unicode : undefined;
      if (typeof unicode === 'string' && unicode.length === 1 && combining.test(unicode)) return true;
    }
  }
  return false;
}

/**
 * Puts each combining mark of a page on the letter it is drawn over: the mark goes after the letter or digit (of any
 * run) whose middle is nearest the mark's ink (a zero-width mark's ink lies left of where it is drawn, a spacing accent's
 * over its own width), and the runs lose the marks pdf.js put elsewhere (a run of a mark alone goes). A run is only
 * rewritten when its characters are the glyphs drawn for it, one to one; where any mark or run cannot be read so, the
 * page stays as pdf.js read it. `glyphs` are in page space; `origin` is the page's lower left corner. `items` are
 * changed in place.
 */
export function placeCombiningMarks(items: PdfItem[], glyphs: Glyph[], origin: { x: number; y: number }): void {
  const isMark = (g: Glyph) => g.unicode.length === 1 && combining.test(g.unicode);
  const marks = glyphs.filter(isMark);
  if (marks.length === 0) return;
  const gx = (g: Glyph) => g.x - origin.x;
  const gy = (g: Glyph) => g.y - origin.y;
  /** The glyphs drawn for a run (its font, its baseline, its extent), marks aside, in drawing order; undefined unless they are its characters. */
  const readAs = new Map<PdfItem, { glyphs: Glyph[]; chars: string[]; visible: number[] } | undefined>();
  const verified = (item: PdfItem) => {
    if (readAs.has(item)) return readAs.get(item);
    // The run's glyphs: those of its font on its baseline, in drawing order, from the first one at its start (pdf.js gives a
    // mark no width and moves the run after it back by the mark's advance: its first glyph may lie a little right of it).
    const line = glyphs.filter(
      (g) => !isMark(g) && /\S/u.test(g.unicode) && g.font === item.font && Math.abs(gy(g) - item.y) < 0.15 * item.size,
    );
    const first = line.findIndex((g) => gx(g) >= item.x - 0.2 * item.size && gx(g) <= item.x + 0.6 * item.size);
    const chars = [...item.str.replace(combiningAll, '')];
    const visible = chars.flatMap((c, k) => (/\S/u.test(c) ? [k] : []));
    const own = first >= 0 ? line.slice(first, first + visible.length) : [];
    const found =
      own.length === visible.length && own.every((g, k) => g.unicode === chars[visible[k]]) ? { glyphs: own, chars, visible } : undefined;
    readAs.set(item, found);
    return found;
  };
  const bases: Array<{ item: PdfItem; at: number; mark: string }> = [];
  for (const mark of marks) {
    const ink = (m: Glyph, em: number) => (m.advance > 0.05 * em ? gx(m) + m.advance / 2 : gx(m) - 0.25 * em);
    let best: { item: PdfItem; at: number; distance: number } | undefined;
    for (const item of items) {
      if (gy(mark) - item.y < -0.2 * item.size || gy(mark) - item.y > 0.6 * item.size) continue;
      if (gx(mark) < item.x - item.size || gx(mark) > item.x + item.width + item.size) continue;
      const read = verified(item);
      read?.glyphs.forEach((g, k) => {
        if (!/[\p{L}\p{N}]/u.test(g.unicode)) return;
        const distance = Math.abs(gx(g) + g.advance / 2 - ink(mark, item.size));
        if (distance <= 0.6 * item.size && (!best || distance < best.distance)) best = { item, at: read.visible[k], distance };
      });
    }
    if (!best) return;
    bases.push({ item: best.item, at: best.at, mark: mark.unicode });
  }
  // Every run holding a mark near the drawn ones is rewritten: it must read one to one too, or be the mark alone.
  const holding = items.filter((it) => combining.test(it.str));
  if (holding.some((item) => !markOnly(item) && !verified(item))) return;
  const drop = new Set<PdfItem>();
  for (const item of holding) {
    if (markOnly(item)) {
      drop.add(item);
      continue;
    }
    item.str = verified(item)!.chars.join('');
  }
  // The runs rewritten stand where their glyphs are drawn (pdf.js moved a run after a mark back by the mark's advance).
  for (const item of new Set([...holding.filter((it) => !drop.has(it)), ...bases.map((b) => b.item)])) {
    const drawn = verified(item)!.glyphs;
    if (drawn.length === 0) continue;
    const x0 = Math.min(...drawn.map(gx));
    item.width = Math.max(...drawn.map((g) => gx(g) + g.advance)) - x0;
    item.x = x0;
  }
  for (const { item, at, mark } of [...bases].sort((a, b) => b.at - a.at)) {
    const chars = [...item.str];
    // Marks already added after this character stay after it.
    let k = at + 1;
    while (k < chars.length && combining.test(chars[k])) k++;
    chars.splice(k, 0, mark);
    item.str = chars.join('');
  }
  for (let k = items.length - 1; k >= 0; k--) if (drop.has(items[k])) items.splice(k, 1);
}

/** A run that is a mark and nothing else. */
const markOnly = (item: PdfItem) => item.str.replace(combiningAll, '').trim() === '';
