import { toLatex } from './pdf-math';
import { functionNames, namesAlternative } from './pdf-operator-names';
import type { PdfItem, PdfMark } from './pdf-types';

type TextRoot = NonNullable<PdfItem['root']>;

/**
 * A root in running text ($\sqrt{1+x^2}$ in a sentence or an exercise) is drawn as a radical sign and a rule over its
 * radicand. TeX hangs the sign from its top (CMSY's \surd: its origin is raised to the rule), so pdf.js gives it a
 * baseline nearly an em above the line's: the signs of a paragraph made a line of their own between its lines (read as a
 * table's middle row, "√ | √ | √") and the radicand lost both its sign and its extent ("1 + x" for √(1 + x²)). A sign
 * whose rule starts at its right end, with glyphs under the rule within an em and a half, is put on its radicand's
 * baseline and carries where its rule ends (TextRoot); an index set small in the sign's crook goes with it. An item
 * reaching past a rule's end is cut there ("2 stands on" under the rule of √2), so the radicand is exactly what the rule
 * covers. pdf-lines.ts reads the sign and what follows up to that end as one root (radicalLatex).
 */
export function withTextRoots(items: PdfItem[], marks: readonly PdfMark[]): PdfItem[] {
  const signs = items.filter((i) => i.str.trim() === '√');
  if (!signs.length) return items;
  const rules = marks.filter((m) => m.kind === 'path' && m.y1 - m.y0 < 1.5 && m.x1 - m.x0 > 1);
  const moved = new Map<PdfItem, PdfItem>();
  const dropped = new Set<PdfItem>();
  const ends: Array<{ x0: number; x1: number; y: number; size: number }> = [];
  for (const sign of signs) {
    const size = sign.size;
    const right = sign.x + sign.width;
    const rule = rules.find(
      (r) => Math.abs(r.x0 - right) < 0.15 * size && r.x1 - r.x0 > 0.3 * size && r.y0 > sign.y - 0.3 * size && r.y0 < sign.y + 1.2 * size,
    );
    if (!rule) continue;
    const under = items.filter(
      (i) =>
        i !== sign &&
        i.str.trim() &&
        i.x < rule.x1 - 0.1 * size &&
        i.x + Math.min(i.width, 0.5 * size) > rule.x0 &&
        i.y < rule.y0 &&
        i.y > rule.y0 - 1.6 * size,
    );
    const body = under.filter((i) => i.size >= 0.85 * size && i.str.trim() !== '√');
    // A radicand all in small type (a fraction, \sqrt{\frac{x}{x^2+4}}) stands under a sign of the extension font, whose
    // baseline the reader already put on the line's (PdfItem.hangs).
    if (!body.length && !(sign.hangs && under.length)) continue;
    // The radicand's baseline: the highest of its full-size glyphs under the rule (the next line's signs and words, an
    // em and a half down, are not under it).
    const base = body.length ? Math.max(...body.map((i) => i.y)) : sign.y;
    const index = items.filter(
      (i) =>
        i !== sign &&
        i.str.trim() &&
        i.size < 0.85 * size &&
        i.x + i.width / 2 > sign.x &&
        i.x + i.width / 2 < right &&
        i.y > base + 0.2 * size &&
        i.y < rule.y0,
    );
    for (const i of index) dropped.add(i);
    const root: TextRoot = { end: rule.x1, ...(index.length ? { index: index.map((i) => i.str.trim()).join('') } : {}) };
    moved.set(sign, { ...sign, y: base, root });
    ends.push({ x0: rule.x0, x1: rule.x1, y: base, size });
  }
  if (!moved.size) return items;
  return items.flatMap((i) => (dropped.has(i) ? [] : moved.has(i) ? [moved.get(i)!] : cutAt(i, ends)));
}

/** An item on a radicand's baseline whose characters run past its rule's end, cut there at the nearest character boundary. */
function cutAt(item: PdfItem, ends: ReadonlyArray<{ x0: number; x1: number; y: number; size: number }>): PdfItem[] {
  const chars = [...item.str];
  if (chars.length < 2) return [item];
  const step = item.width / chars.length;
  const end = ends.find(
    (e) =>
      Math.abs(item.y - e.y) < 0.3 * e.size &&
      item.x >= e.x0 - 0.5 &&
      e.x1 > item.x + 0.5 * step &&
      e.x1 < item.x + item.width - 0.5 * step,
  )?.x1;
  if (end === undefined) return [item];
  const k = Math.round((end - item.x) / step);
  const head = chars.slice(0, k).join('');
  const tail = chars.slice(k).join('');
  if (!head.trim() || !tail.trim()) return [item];
  // The tail starts at the rule's end (character widths are only shared out, and the reader closes the root there), and
  // the head reaches it: no gap is made where the text had none.
  const cut = Math.max(item.x + k * step, end);
  return [{ ...item, str: head, width: cut - item.x }, ...cutAt({ ...item, str: tail, x: cut, width: item.x + item.width - cut }, ends)];
}

const operatorNames = new RegExp(`(^|[^\\p{L}\\\\])(${namesAlternative(functionNames)})(?![\\p{L}])`, 'gu');

/**
 * The LaTeX of a root whose radicand was read as a line's text: its plain words and symbols through toLatex, its inline
 * formulas as they are, operator names as operators ("3 tan x" is `3\tan x`); the index of a square root (2) is not written.
 */
export function radicalLatex(radicand: string, index?: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const m of radicand.matchAll(/\\\((.*?)\\\)/g)) {
    if (m.index! > at) parts.push(plainLatex(radicand.slice(at, m.index)));
    parts.push(m[1]);
    at = m.index! + m[0].length;
  }
  if (at < radicand.length) parts.push(plainLatex(radicand.slice(at)));
  const body = parts
    .filter((p) => p.trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const indexed = index && index !== '2' ? `[${toLatex(index)}]` : '';
  return `\\(\\sqrt${indexed}{${body}}\\)`;
}

const plainLatex = (text: string) =>
  toLatex(text)
    .replace(operatorNames, (_, before: string, name: string) => `${before}\\${name} `)
    .replace(/\s+/g, ' ');
