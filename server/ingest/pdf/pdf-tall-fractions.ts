import { joinLatex } from '../latex-join';
import { toLatex } from './pdf-math';
import type { PdfItem, PdfMark } from './pdf-types';

/** What this reader needs of a line being grouped (pdf-lines.ts's open runs). */
export interface TallRun {
  items: PdfItem[];
  y: number;
  size: number;
  end: number;
}

/** Letters of words in the text's own type (not mathematics): a sentence, not a display's row. */
const proseWords = (run: TallRun) =>
  run.items.filter((i) => !(i.math ?? 0) && !i.hangs).flatMap((i) => i.str.match(/\p{L}{3,}/gu) ?? []).length;

const left = (run: TallRun) => Math.min(...run.items.filter((i) => i.str.trim()).map((i) => i.x));

/** A half's text (scripts, roots and small fractions already read as inline LaTeX) as one piece of LaTeX. */
function halfLatex(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const m of text.matchAll(/\\\((.*?)\\\)/g)) {
    parts.push(toLatex(text.slice(at, m.index)), m[1]);
    at = m.index + m[0].length;
  }
  parts.push(toLatex(text.slice(at)));
  return joinLatex(...parts.filter(Boolean));
}

/**
 * Fractions set in the text's full size inside a sentence (\dfrac in a list item: "les solutions sont z = \dfrac{-1 \pm
 * i\sqrt{3}}{2}."): the numerator and the denominator stand on baselines of their own, some 0.7 em over and under the
 * line's, with a bar on the line's axis between them; grouped by baseline they were lines of their own, and the line
 * itself was cut in two at the gap the fraction leaves. Each such fraction goes back into its line as one inline formula,
 * and the pieces of the line on either side of it are one line again. Only in a sentence (three words or more in the
 * text's type on the line): a display's rows and fractions are the display readers' (pdf-display-glyphs.ts).
 * `read` reads a group of items as a line's text (pdf-lines.ts's buildSegment).
 */
export function joinTallFractions<R extends TallRun>(runs: R[], marks: PdfMark[], read: (items: PdfItem[]) => string): R[] {
  const bars = marks.filter((m) => m.kind === 'path' && m.y1 - m.y0 < 1 && m.x1 - m.x0 > 2);
  if (!bars.length) return runs;
  const gone = new Set<R>();
  // A page of a plot draws thousands of strokes: the runs are sorted out once, not per stroke.
  const inked = runs.filter((r) => r.items.some((i) => i.str.trim()));
  for (const bar of bars) {
    const live = gone.size ? inked.filter((r) => !gone.has(r)) : inked;
    const middle = (bar.y0 + bar.y1) / 2;
    // A run's end takes in a trailing space pdf.js measured with its last glyph ("a " of 2a): a little past the bar.
    const within = (r: R) => left(r) >= bar.x0 - 1 && r.end <= bar.x1 + 0.3 * r.size;
    // The line: the bar on its axis (about a quarter of an em over its baseline), its glyphs beside the bar, not under it.
    const line = live.find((r) => {
      const axis = middle - r.y;
      return (
        axis > 0.15 * r.size &&
        axis < 0.4 * r.size &&
        bar.x1 - bar.x0 > 0.3 * r.size &&
        r.items.every((i) => !i.str.trim() || i.x + i.width <= bar.x0 + 1 || i.x >= bar.x1 - 1 || Math.abs(i.y - r.y) > 0.25 * r.size)
      );
    });
    if (!line) continue;
    const size = line.size;
    // The halves: in the line's size, wholly over the bar's extent, the numerator's baseline over the bar, the
    // denominator's glyphs under it, each within an em of it.
    const numerator = live.find(
      (r) => r !== line && within(r) && Math.abs(r.size - size) < 0.05 * size && r.y > middle && r.y - middle < size,
    );
    const denominator = live.find(
      (r) =>
        r !== line && within(r) && Math.abs(r.size - size) < 0.05 * size && r.y + 0.75 * size < middle + 0.5 && middle - r.y < 1.2 * size,
    );
    if (!numerator || !denominator) continue;
    // The pieces of the line on either side of the fraction: on its baseline, in its size, starting or ending within an
    // em of the bar.
    const beside = live.filter(
      (r) =>
        r !== line &&
        r !== numerator &&
        r !== denominator &&
        Math.abs(r.y - line.y) < 0.1 * size &&
        Math.abs(r.size - size) < 0.05 * size &&
        ((r.end <= bar.x0 + 1 && bar.x0 - r.end < size) || (left(r) >= bar.x1 - 1 && left(r) - bar.x1 < size)),
    );
    const pieces = [line, ...beside];
    if (pieces.reduce((n, r) => n + proseWords(r), 0) < 3) continue;
    const [n, d] = [halfLatex(read(numerator.items)), halfLatex(read(denominator.items))];
    if (!n || !d) continue;
    const halves = [...numerator.items, ...denominator.items];
    const formula: PdfItem = {
      str: `\\(\\frac{${n}}{${d}}\\)`,
      x: bar.x0,
      y: line.y,
      width: bar.x1 - bar.x0,
      size,
      font: numerator.items.find((i) => i.str.trim())!.font,
      math: halves.reduce((m, i) => m + (i.math ?? 0), 0),
      glyphs: halves.reduce((m, i) => m + i.str.replace(/\s/g, '').length, 0),
    };
    line.items = [...pieces.flatMap((r) => r.items), formula].sort((a, b) => a.x - b.x || b.y - a.y);
    line.end = Math.max(...pieces.map((r) => r.end), bar.x1);
    for (const r of [...beside, numerator, denominator]) gone.add(r);
  }
  return gone.size ? runs.filter((r) => !gone.has(r)) : runs;
}
