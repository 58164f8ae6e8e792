import type { PdfLine } from './pdf-types';

export interface BodyStats {
  size: number;
  font: string;
  /** Typical distance between baselines of consecutive body lines. */
  lineGap: number;
}

function weightedMode<T>(entries: Array<[T, number]>, fallback: T): T {
  const totals = new Map<T, number>();
  for (const [key, w] of entries) totals.set(key, (totals.get(key) ?? 0) + w);
  let best = fallback;
  let bestW = -1;
  for (const [key, w] of totals) if (w > bestW) [best, bestW] = [key, w];
  return best;
}

/** Body text is whatever size and font carry most of the characters. */
export function bodyStats(lines: PdfLine[]): BodyStats {
  const size = weightedMode(
    lines.map((l) => [Math.round(l.size * 2) / 2, l.text.length] as [number, number]),
    10,
  );
  const font = weightedMode(
    lines.filter((l) => Math.abs(l.size - size) < 0.5).map((l) => [l.font, l.text.length] as [string, number]),
    '',
  );
  const gapsOf = (keep: (a: PdfLine, b: PdfLine) => boolean) => {
    const gaps: number[] = [];
    for (let i = 1; i < lines.length; i++) {
      const a = lines[i - 1];
      const b = lines[i];
      if (a.page !== b.page || a.column !== b.column || Math.abs(a.size - size) > 0.5 || Math.abs(b.size - size) > 0.5) continue;
      if (!keep(a, b)) continue;
      const d = a.y - b.y;
      if (d > 0 && d < size * 3) gaps.push(d);
    }
    return gaps.sort((x, y) => x - y);
  };
  // The spacing of a paragraph's own lines: a line of prose that fills the measure without ending its sentence and the
  // prose line under it, back at its left edge. On a page of displays the pieces of their fractions and scripts (a numerator 7 points over its bar)
  // outnumber the lines of prose and would set the gap at half a line.
  const prose = (l: PdfLine) => (l.math ?? 0) < 0.5 && !l.region;
  const wrapped = gapsOf(
    (a, b) =>
      prose(a) &&
      prose(b) &&
      a.x1 >= a.columnRight - size &&
      !/[.?!:]["”’)]?$/.test(a.text.trim()) &&
      Math.abs(b.x0 - a.x0) < size &&
      b.x0 - b.columnLeft < size,
  );
  const gaps = wrapped.length ? wrapped : gapsOf(() => true);
  const lineGap = gaps.length ? gaps[Math.floor(gaps.length / 2)] : size * 1.2;
  return { size, font, lineGap };
}
