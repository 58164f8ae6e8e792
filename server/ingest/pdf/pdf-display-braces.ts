import { checkedLatex, formulaLatex } from './pdf-equation-latex';
import type { PdfLine } from './pdf-types';

/**
 * A display of rows under a big left brace, each brace with the formula before it ("Φ_X : { ∆_X → I × M / (ϵ, t, x) ↦
 * e^{ϵX}(t, x)"), read as LaTeX from where its pieces stand: the rows are the lines starting just right of the brace, from
 * its top down (a line two em or more below the one before ends them), the head the lines left of it within the rows' height, and
 * several braces on one display read left to right ("L : {...} ↭ H : {...}"). Undefined unless every line is a brace,
 * a row or a head, every row and head reads (equationLatex's rules) and KaTeX reads the whole: then the picture stays.
 */
export function braceDisplayLatex(display: PdfLine[]): string | undefined {
  // The brace's top piece alone, or read at the start of the first row's line ("{ T^{∗}M → M"): the row then starts
  // half an em right of it.
  const braces: PdfLine[] = [];
  const lines: PdfLine[] = [];
  for (const l of display) {
    const m = /^([({])\s*(\S.*)?$/.exec(l.text.trim());
    if (!m || l.plainMath) {
      lines.push(l);
      continue;
    }
    const brace = { ...l, text: m[1], x1: l.x0 + 0.5 * l.size };
    braces.push(brace);
    lines.push(brace);
    if (m[2]) lines.push({ ...l, text: m[2], x0: brace.x1, plainMath: true });
  }
  if (braces.length === 0 || lines.length < 4) return undefined;
  const used = new Set<PdfLine>(braces);
  const pieces: Array<{ x: number; latex: string }> = [];
  for (const brace of [...braces].sort((a, b) => a.x0 - b.x0)) {
    const size = brace.size;
    // Right of this brace and left of the next one.
    const limit = Math.min(...braces.filter((b) => b.x0 > brace.x1).map((b) => b.x0), Infinity);
    const right = lines
      .filter(
        (l) =>
          !used.has(l) &&
          l.plainMath &&
          l.x0 >= brace.x1 - 1 &&
          // Rows start just right of the brace (a head further right is the next brace's).
          l.x0 <= brace.x1 + 1.5 * size &&
          l.x1 <= limit + 1 &&
          l.y <= brace.y + 0.3 * size,
      )
      .sort((a, b) => b.y - a.y || a.x0 - b.x0);
    const rows: Array<{ y: number; lines: PdfLine[] }> = [];
    for (const l of right) {
      const last = rows[rows.length - 1];
      if (last && Math.abs(last.y - l.y) < 0.4 * size) last.lines.push(l);
      else if (!last ? brace.y - l.y < 1.5 * size : last.y - l.y < 2 * size) rows.push({ y: l.y, lines: [l] });
      else break;
    }
    if (rows.length < 2) return undefined;
    const [top, bottom] = [rows[0].y, rows[rows.length - 1].y];
    // The head: left of the brace (and right of the previous brace's rows), set between the first and the last row.
    const head = lines
      .filter((l) => !used.has(l) && l.x1 <= brace.x0 + 1 && l.y < top + 0.3 * size && l.y > bottom - 0.3 * size)
      .filter((l) => !rows.some((r) => r.lines.includes(l)));
    const texts: string[] = [];
    for (const row of rows) {
      const parts = row.lines.sort((a, b) => a.x0 - b.x0).map((l) => formulaLatex(l.text, true));
      if (parts.some((p) => p === undefined)) return undefined;
      texts.push(parts.join(' '));
      row.lines.forEach((l) => used.add(l));
    }
    for (const h of head.sort((a, b) => a.x0 - b.x0)) {
      const latex = h.plainMath ? formulaLatex(h.text, true) : undefined;
      if (latex === undefined) return undefined;
      pieces.push({ x: h.x0, latex });
      used.add(h);
    }
    pieces.push({ x: brace.x0, latex: `\\begin{cases}${texts.join(' \\\\ ')}\\end{cases}` });
  }
  if (lines.some((l) => !used.has(l))) return undefined;
  const latex = pieces
    .sort((a, b) => a.x - b.x)
    .map((p) => p.latex)
    .join(' ')
    .replace(/[\u{1D400}-\u{1D7FF}]/gu, (c) => c.normalize('NFKC'));
  return checkedLatex(latex);
}
