/**
 * Text printed upside down (turned half a turn: `\rotatebox{180}`, an exercise sheet's answers under each exercise) is
 * text of the page, not a stamp in its margin: it is read the right way up, in the order it has when the page is turned,
 * where it stands. Runs turned a quarter turn or set at an angle stay out of the reading flow (pdf-read.ts).
 */
import type { TextRun } from './pdf-type3-runs';
import type { PdfItem } from './pdf-types';

interface Turned {
  run: TextRun;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  size: number;
}

/** A run's transform turns its text half a turn: both axes reversed, no shear. */
export function isUpsideDown(transform: number[] | undefined): boolean {
  if (!transform) return false;
  const [a, b, c, d] = transform;
  return a < 0 && d < 0 && Math.abs(b) <= 0.01 * Math.abs(a) && Math.abs(c) <= 0.01 * Math.abs(d);
}

/** The page box an upside-down run covers: it runs leftwards from its origin and hangs below its baseline. */
function box(run: TextRun): Turned {
  const [a, , , d, e, f] = run.transform ?? [];
  const size = Math.abs(d) || Math.abs(a);
  const width = run.width ?? 0;
  return { run, x0: e - width, x1: e, y0: f - 0.8 * size, y1: f + 0.25 * size, size };
}

/**
 * Groups of upside-down runs that stand together (one answer, its fraction's halves included): runs whose boxes come
 * within a size of each other.
 */
function groups(turned: Turned[]): Turned[][] {
  const out: Turned[][] = [];
  for (const t of turned) {
    const gap = t.size;
    const near = out.filter((g) => g.some((o) => t.x0 < o.x1 + gap && o.x0 < t.x1 + gap && t.y0 < o.y1 + gap && o.y0 < t.y1 + gap));
    const merged = near.flat().concat(t);
    for (const g of near) out.splice(out.indexOf(g), 1);
    out.push(merged);
  }
  return out;
}

/**
 * The runs with each upside-down group turned the right way up about its own centre: a run that ended leftmost on the
 * page now starts rightmost, the line lowest on the page is now its last line, and the group keeps the place it takes.
 * The runs keep their order (the order they were drawn in, which is the turned text's own).
 */
export function turnUpsideDownRuns(runs: TextRun[]): TextRun[] {
  const turned = runs.filter((r) => r.str && isUpsideDown(r.transform)).map(box);
  if (!turned.length) return runs;
  const upright = new Map<TextRun, TextRun>();
  for (const group of groups(turned)) {
    const cx = (Math.min(...group.map((g) => g.x0)) + Math.max(...group.map((g) => g.x1))) / 2;
    const cy = (Math.min(...group.map((g) => g.y0)) + Math.max(...group.map((g) => g.y1))) / 2;
    for (const { run } of group) {
      const [a, b, c, d, e, f] = run.transform ?? [];
      upright.set(run, { ...run, transform: [-a, -b, -c, -d, 2 * cx - e, 2 * cy - f] });
    }
  }
  return runs.map((r) => upright.get(r) ?? r);
}

/** The groups of upside-down runs, by run: the number of the group each run belongs to (see `turnUpsideDownRuns`). */
export function turnedGroups(runs: TextRun[]): Map<TextRun, number> {
  const out = new Map<TextRun, number>();
  groups(runs.filter((r) => r.str && isUpsideDown(r.transform)).map(box)).forEach((g, k) => g.forEach((t) => out.set(t.run, k)));
  return out;
}

/** A digit's superscript character (pdf-blocks.ts writes a footnote mark's digits with it too). */
export const superscriptDigits: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

/** A raised run: digits as superscript digits ("²"), anything else as "^(...)". */
const script = (str: string) => (/^\d+$/.test(str) ? [...str].map((c) => superscriptDigits[c]).join('') : `^(${str})`);

/** Two pieces standing one over the other: their widths overlap by half the narrower one's. */
const overlaps = (a: PdfItem, b: PdfItem) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) >= 0.5 * Math.min(a.width, b.width) && Math.min(a.width, b.width) > 0;

/**
 * A script's text: pieces standing one over the other in it are a fraction's halves ("−" then "1" over "2" reads
 * "−(1)/(2)", as `(x^2+1)^{-\frac{1}{2}}` sets it), the rest left to right.
 */
function scriptText(pieces: PdfItem[]): string {
  const columns: PdfItem[][] = [];
  for (const p of [...pieces].sort((a, b) => a.x - b.x)) {
    const column = columns.find((c) => c.some((q) => overlaps(p, q) && Math.abs(p.y - q.y) > 0.3 * p.size));
    if (column) column.push(p);
    else columns.push([p]);
  }
  let text = '';
  let end = -Infinity;
  for (const c of columns.sort((a, b) => Math.min(...a.map((p) => p.x)) - Math.min(...b.map((p) => p.x)))) {
    const top = Math.max(...c.map((p) => p.y));
    const over = c.filter((p) => top - p.y < 0.3 * p.size);
    const under = c.filter((p) => top - p.y >= 0.3 * p.size);
    const join = (ps: PdfItem[]) => ps.map((p) => p.str.trim()).join('');
    const str = under.length ? `(${join(over)})/(${join(under)})` : join(c);
    text += text && Math.min(...c.map((p) => p.x)) - end > 0.2 * c[0].size ? ` ${str}` : str;
    end = Math.max(...c.map((p) => p.x + p.width));
  }
  return text;
}

/**
 * Pieces on one row, left to right: pieces set a quarter of their size higher are a script ("x" then "2" reads "x²",
 * "e" then "2x" reads "e^(2x)"), and so is a piece standing right under a script's piece (a fraction's denominator in a
 * script, whose baseline may come down to the row's). A radical sign and a tall bracket stand higher than what they hold
 * in TeX and are never scripts.
 */
function rowText(pieces: PdfItem[], baseline: number): string {
  let text = '';
  let raisedRun: PdfItem[] = [];
  let end = -Infinity;
  const flush = () => {
    if (raisedRun.length) text += script(scriptText(raisedRun));
    raisedRun = [];
  };
  const sorted = [...pieces].sort((a, b) => a.x - b.x);
  const isRaised = (p: PdfItem) => p.y - baseline > 0.25 * p.size && !/^√/.test(p.str.trim()) && !/^[()[\]{}]+$/.test(p.str.trim());
  const raisedOnes = sorted.filter(isRaised);
  for (const p of sorted) {
    const str = p.str.trim();
    // A denominator is one word of letters or digits ("2 +" goes on along the row after the script).
    const under = /^[\p{L}\p{N}]+$/u.test(str) && raisedOnes.some((q) => overlaps(p, q) && q.y - p.y > 0.3 * p.size);
    const raised = isRaised(p) || under;
    const spaced = p.x - end > 0.2 * p.size;
    if (raised) raisedRun.push(p);
    else {
      flush();
      text += text && spaced ? ` ${str}` : str;
    }
    end = p.x + p.width;
  }
  flush();
  return text;
}

/**
 * The items of each upside-down group (turned the right way up, `turned` naming the group) as one item: a short answer
 * in small type ("answer: x/√(1+x²)") is one line of text, its fraction's halves read "(numerator)/(denominator)" and its
 * scripts raised, never pieces a display or a neighbouring line would take in.
 */
export function joinTurnedGroups(items: PdfItem[]): PdfItem[] {
  const byGroup = new Map<number, PdfItem[]>();
  for (const it of items) if (it.turned !== undefined) byGroup.set(it.turned, [...(byGroup.get(it.turned) ?? []), it]);
  if (!byGroup.size) return items;
  const joined = new Map<PdfItem, PdfItem | undefined>();
  for (const group of byGroup.values()) {
    // The row of the group's largest type (its label's) is its baseline; what stands above and below it in one place is a fraction.
    const size = Math.max(...group.map((p) => p.size));
    const base = group.find((p) => p.size === size)!.y;
    // A fraction's denominator in a script may come down to the row; it stands under its numerator, off the row.
    const raised = group.filter((q) => q.y - base > 0.25 * q.size);
    const underScript = (p: PdfItem) =>
      /^[\p{L}\p{N}]+$/u.test(p.str.trim()) && raised.some((q) => overlaps(p, q) && q.y - p.y > 0.3 * p.size);
    const onRow = (p: PdfItem) => Math.abs(p.y - base) < 0.25 * p.size && !underScript(p);
    const row = group.filter(onRow);
    const off = group.filter((p) => !onRow(p));
    // Pieces off the row stacked where they overlap: a stack with pieces above and below the row is a fraction.
    const stacks: PdfItem[][] = [];
    for (const p of [...off].sort((a, b) => a.x - b.x)) {
      const last = stacks[stacks.length - 1];
      if (last && p.x < Math.max(...last.map((q) => q.x + q.width)) + 0.3 * p.size) last.push(p);
      else stacks.push([p]);
    }
    const parts: Array<{ x: number; x1: number; text: string; glued?: boolean }> = [];
    const right = (ps: PdfItem[]) => Math.max(...ps.map((p) => p.x + p.width));
    // Row pieces between stacks keep their place: the row is split where a stack stands.
    const cuts = stacks.map((s) => Math.min(...s.map((p) => p.x)));
    const rowParts = new Map<number, PdfItem[]>();
    for (const p of row) {
      const k = cuts.filter((c) => c <= p.x).length;
      rowParts.set(k, [...(rowParts.get(k) ?? []), p]);
    }
    for (const [k, ps] of rowParts)
      parts.push({ x: k === 0 ? Math.min(...ps.map((p) => p.x)) : cuts[k - 1] + 0.01, x1: right(ps), text: rowText(ps, base) });
    for (const s of stacks) {
      const over = s.filter((p) => p.y > base);
      const under = s.filter((p) => p.y <= base);
      const overBase = over.length ? Math.min(...over.map((p) => p.y)) : base;
      const underBase = under.length ? Math.min(...under.map((p) => p.y)) : base;
      const text = over.length && under.length ? `(${rowText(over, overBase)})/(${rowText(under, underBase)})` : rowText(s, base);
      // A script alone (no fraction) hangs on what stands before it.
      parts.push({ x: Math.min(...s.map((p) => p.x)), x1: right(s), text, glued: !under.length });
    }
    parts.sort((a, b) => a.x - b.x);
    const x = Math.min(...group.map((p) => p.x));
    const first = group.find((p) => p.size === size)!;
    joined.set(group[0], {
      ...first,
      str: parts.map((p, k) => (k && !p.glued && p.x - parts[k - 1].x1 > 0.2 * size ? ' ' : '') + p.text).join(''),
      x,
      y: base,
      width: Math.max(...group.map((p) => p.x + p.width)) - x,
      math: group.reduce((n, p) => n + (p.math ?? 0), 0),
      hangs: undefined,
    });
    for (const p of group.slice(1)) joined.set(p, undefined);
  }
  return items.flatMap((it) => (joined.has(it) ? (joined.get(it) ? [joined.get(it)!] : []) : [it]));
}
