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
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1];
    const b = lines[i];
    if (a.page !== b.page || a.column !== b.column || Math.abs(a.size - size) > 0.5 || Math.abs(b.size - size) > 0.5) continue;
    const d = a.y - b.y;
    if (d > 0 && d < size * 3) gaps.push(d);
  }
  gaps.sort((x, y) => x - y);
  const lineGap = gaps.length ? gaps[Math.floor(gaps.length / 2)] : size * 1.2;
  return { size, font, lineGap };
}
