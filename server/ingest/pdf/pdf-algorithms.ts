import type { PdfLine, PdfMark } from './pdf-types';

/** An algorithm float's caption as the algorithmic packages set it: "Algorithm 8 Evaluation phase of a DPA". */
const algorithmCaption = /^Algorithm\s+\d+(?:\.\d+)*:?\s+[\p{Lu}\p{N}]/u;

/**
 * Where an algorithm float ends below its caption: the "ruled" style draws a rule over the caption, one under it and one
 * under the last line; the third (the first wide rule below the caption's own) is the float's end.
 */
function ruledEnd(caption: PdfLine, marks: PdfMark[]): number | undefined {
  const width = caption.columnRight - caption.columnLeft;
  const rules = marks
    .filter((m) => m.kind === 'path' && m.y1 - m.y0 < 2 && m.x1 - m.x0 > 0.6 * width && m.y1 < caption.y)
    .map((m) => m.y0)
    .sort((a, b) => b - a);
  const under = rules.findIndex((y) => caption.y - y < 1.6 * caption.size);
  return under >= 0 ? rules[under + 1] : undefined;
}

/**
 * Marks the lines of algorithm floats: under a caption "Algorithm N ..." at its column's left edge, the lines of the float
 * on the same page and column, down to its closing rule (or, unruled, to the gap that ends the float). They are
 * pseudocode ("s ← p", "for i = 1 ... 31 do", "end for"): read as a listing, never as display formulas, tables or short
 * figure labels to drop.
 */
export function markAlgorithms(lines: PdfLine[], lineGap: number, marks: PdfMark[] = []): PdfLine[] {
  const out = lines.slice();
  for (let i = 0; i < out.length; i++) {
    const caption = out[i];
    if (caption.region || caption.isMargin || !algorithmCaption.test(caption.text)) continue;
    if (caption.x0 - caption.columnLeft > 0.5 * caption.size) continue;
    const end = ruledEnd(caption, marks);
    let prev = caption;
    for (let j = i + 1; j < out.length; j++) {
      const l = out[j];
      if (l.isMargin || l.isNote) continue;
      if (l.region || l.page !== caption.page || l.column !== caption.column) break;
      if (end !== undefined) {
        if (l.y <= end) break;
      } else {
        // Pieces of one baseline (a step and its comment) belong together; space wider than a line's, or a sentence of
        // the text (many words, no step), is the float's end.
        const gap = prev.y - l.y;
        if (gap < -0.3 * l.size || gap > 1.5 * Math.max(lineGap, l.size)) break;
        if ((l.text.match(/\p{L}{2,}/gu) ?? []).length >= 8 && !/←|:=/.test(l.text)) break;
      }
      out[j] = { ...l, algorithm: true };
      prev = l;
      i = j;
    }
  }
  return out;
}
