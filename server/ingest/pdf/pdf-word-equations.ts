import { alignedDisplay } from './pdf-aligned-display';
import type { PdfLine, PdfRegion } from './pdf-types';
import { inWords, wordsLatex } from './pdf-word-displays';

/**
 * Equations said in words, as `align*` sets `\text{...} &= \text{...} \\ &+ \text{...}` ("Vecteur de paramètre mis à
 * jour = Ancien vecteur de paramètre" over "+ Produit matriciel entre l'inverse de la matrice Fisher et le vecteur
 * score"): a row of words, a relation and words, then rows opening on an operator set well right of the first row's
 * start (under its relation), with no sentence's stop. Read as one LaTeX display, the words in `\text{}`, instead of a
 * paragraph cut at the display's end and glued to the sentence after it. The display stands apart from the text above
 * and below by more than a line and a half's space, as a display does; a line of the text is set at the line's space.
 */

/** The first row: words, " = " (or another relation), words, no stop at its end. */
const firstRow = /^(.*\p{L}{3,}.*?)\s([=≈≤≥<>])\s(.*\p{L}{3,}.*)$/u;
/** A further row: an operator or a relation, then words. */
const nextRow = /^([+=−\-×·≈])\s+(.*\p{L}{3,}.*)$/u;
const stop = /[.!?;:,]$/;

const plain = (l: PdfLine) => !l.region && !l.isMargin && !l.isNote && !l.algorithm && !l.columnItem && !l.answer && !l.mono;
const apart = (line: PdfLine, other: PdfLine | undefined, lineGap: number) =>
  !other || other.page !== line.page || other.column !== line.column || Math.abs(other.y - line.y) >= 1.5 * lineGap;

function displayOf(run: PdfLine[]): PdfRegion | undefined {
  const [first, ...rest] = run;
  const m = firstRow.exec(first.text.trim())!;
  const rows = [
    `${wordsLatex(m[1])} &${m[2]} ${wordsLatex(m[3])}`,
    ...rest.map((l) => {
      const r = nextRow.exec(l.text.trim())!;
      return `&${r[1] === '−' ? '-' : r[1]} ${wordsLatex(r[2])}`;
    }),
  ];
  return alignedDisplay(run, rows);
}

/** The equations in words on one page's reading-ordered lines; each becomes one line holding an `equation` region. */
export function findWordEquations(lines: PdfLine[], lineGap: number): PdfLine[] {
  const out: PdfLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i];
    if (plain(first) && inWords(first.text) && firstRow.test(first.text.trim()) && !stop.test(first.text.trim())) {
      const run = [first];
      for (let j = i + 1; j < lines.length; j++) {
        const l = lines[j];
        const prev = run[run.length - 1];
        const gap = prev.y - l.y;
        if (l.page !== first.page || l.column !== first.column || gap < 0.5 * l.size || gap > 1.6 * lineGap) break;
        if (!plain(l) || !inWords(l.text) || !nextRow.test(l.text.trim()) || stop.test(l.text.trim())) break;
        if (l.x0 < first.x0 + 3 * first.size) break;
        run.push(l);
      }
      const region =
        run.length >= 2 && apart(first, lines[i - 1], lineGap) && apart(run[run.length - 1], lines[i + run.length], lineGap)
          ? displayOf(run)
          : undefined;
      if (region) {
        out.push({ ...first, x0: region.x0, x1: region.x1, y: region.y1, text: '', math: 1, cells: undefined, region });
        i += run.length - 1;
        continue;
      }
    }
    out.push(first);
  }
  return out;
}
