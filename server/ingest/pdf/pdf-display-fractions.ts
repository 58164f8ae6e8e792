import { checkedLatex, formulaLatex } from './pdf-equation-latex';
import type { PdfLine, PdfMark } from './pdf-types';

/**
 * An unnumbered display with fraction bars, read as LaTeX from where its pieces stand: each bar drawn among the lines
 * (a thin filled or stroked rule) has one line over it and one under it within its width, its numerator and its
 * denominator; the other lines are the display's rows, one a baseline, each bar at the row whose math axis it sits on.
 * Rows are read left to right ("X_{t+1} = X_{t} + a_{t} + y_{t} + \frac{X_{t}^{q}}{1 + X_{t}^{q}} − bX_{t},") and
 * several rows make an aligned display, aligned at each row's first relation. Undefined unless every piece reads
 * (PdfLine.plainMath, equationLatex's rules) and every bar has exactly its two lines: then the picture stays.
 */
export function fractionDisplayLatex(lines: PdfLine[], marks: PdfMark[]): string | undefined {
  if (lines.length < 3 || lines.some((l) => !l.plainMath)) return undefined;
  const size = Math.max(...lines.map((l) => l.size));
  const [left, right] = [Math.min(...lines.map((l) => l.x0)), Math.max(...lines.map((l) => l.x1))];
  const [top, bottom] = [Math.max(...lines.map((l) => l.y + l.size)), Math.min(...lines.map((l) => l.y - 0.3 * l.size))];
  const bars = marks
    .filter((m) => m.kind === 'path' && m.y1 - m.y0 <= 0.1 * size && m.x1 - m.x0 >= 0.3 * size)
    .filter((m) => m.x0 >= left - 1 && m.x1 <= right + 1 && m.y0 >= bottom && m.y1 <= top);
  if (bars.length === 0) return undefined;
  const within = (l: PdfLine, bar: PdfMark) => l.x0 >= bar.x0 - 1 && l.x1 <= bar.x1 + 1;
  const used = new Set<PdfLine>();
  const fractions: Array<{ x: number; axis: number; latex: string }> = [];
  for (const bar of bars) {
    const axis = (bar.y0 + bar.y1) / 2;
    const over = lines.filter((l) => within(l, bar) && l.y > axis && l.y - axis < 1.2 * l.size);
    const under = lines.filter((l) => within(l, bar) && l.y < axis && axis - l.y < 1.6 * l.size);
    if (over.length !== 1 || under.length !== 1 || used.has(over[0]) || used.has(under[0])) return undefined;
    const [num, den] = [formulaLatex(over[0].text), formulaLatex(under[0].text)];
    if (num === undefined || den === undefined) return undefined;
    used.add(over[0]).add(under[0]);
    fractions.push({ x: bar.x0, axis, latex: `\\frac{${num}}{${den}}` });
  }
  // The rows: the other lines by baseline, top to bottom.
  const rows: Array<{ y: number; pieces: Array<{ x: number; latex: string }> }> = [];
  for (const l of lines.filter((x) => !used.has(x)).sort((a, b) => b.y - a.y)) {
    const latex = formulaLatex(l.text, true);
    if (latex === undefined) return undefined;
    const row = rows.find((r) => Math.abs(r.y - l.y) < 0.4 * l.size);
    if (row) row.pieces.push({ x: l.x0, latex });
    else rows.push({ y: l.y, pieces: [{ x: l.x0, latex }] });
  }
  for (const f of fractions) {
    // The math axis stands about a quarter of an em over the baseline.
    const row = rows.find((r) => f.axis > r.y && f.axis - r.y < 0.6 * size);
    if (!row) return undefined;
    row.pieces.push({ x: f.x, latex: f.latex });
  }
  // Letters in the mathematical alphabets (a Unicode math font's "𝑋", "𝜇") as the letters LaTeX sets in italics.
  const texts = rows.map((r) =>
    r.pieces
      .sort((a, b) => a.x - b.x)
      .map((p) => p.latex)
      .join(' ')
      .replace(/[\u{1D400}-\u{1D7FF}]/gu, (c) => c.normalize('NFKC')),
  );
  if (texts.length === 1) return checkedLatex(texts[0]);
  const relation = /(?<![\\\w])(?:=|∼|≈|≤|≥|<|>|\\sim\b|\\approx\b|\\le\b|\\ge\b)/;
  const aligned = texts.map((t) => {
    const m = relation.exec(t);
    return m ? `${t.slice(0, m.index)}&${t.slice(m.index)}` : t;
  });
  return checkedLatex(`\\begin{aligned}${aligned.join(' \\\\ ')}\\end{aligned}`);
}
