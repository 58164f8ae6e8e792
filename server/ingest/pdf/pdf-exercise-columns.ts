import type { Segment } from './pdf-lines';

/** The part of a page set in two columns of lettered exercises: the gutter's x and the band's top and bottom (PDF points, y up). */
export interface ExerciseBand {
  x: number;
  top: number;
  bottom: number;
  /** The exercises' type size. */
  size: number;
}

/** The letter of an exercise's label at a line's start: "(a) f(x) = ...", "b) ...", "(c)". */
function labelOf(text: string): number | undefined {
  const m = /^\(?([a-z])\)(?:\s|$)/.exec(text.trim());
  return m ? m[1].charCodeAt(0) - 96 : undefined;
}

/** Labels that count on by one, top to bottom. */
const consecutive = (labels: Array<{ n: number }>) => labels.every((l, k) => k === 0 || l.n === labels[k - 1].n + 1);

/**
 * Finds exercises lettered (a), (b), ... and set in two columns (multicols): their labels stand on two left edges at
 * least a quarter of the measure apart, each column's letters count on down the column and the second column goes on
 * from the first one's last letter, as the author numbered them. Their lines are too short, and too full of formulas,
 * for the gutter of a two-column page to be seen (pdf-columns.ts); the band runs from the first row of labels down to
 * the first line across the gutter (the text after the columns).
 */
export function findExerciseBand(segments: Segment[]): ExerciseBand | undefined {
  const labelled = segments
    .map((s) => ({ s, n: labelOf(s.text) }))
    .filter((l): l is { s: Segment; n: number } => l.n !== undefined && l.s.chars >= 3 && !l.s.region && !l.s.isMargin);
  if (labelled.length < 4) return undefined;
  const size = labelled[0].s.size;
  const left = Math.min(...labelled.map((l) => l.s.x0));
  const leftCol = labelled.filter((l) => l.s.x0 < left + size).sort((p, q) => q.s.y - p.s.y);
  const rest = labelled.filter((l) => l.s.x0 >= left + size);
  if (leftCol.length < 2 || rest.length < 2) return undefined;
  const rightX = Math.min(...rest.map((l) => l.s.x0));
  const rightCol = rest.filter((l) => l.s.x0 < rightX + size).sort((p, q) => q.s.y - p.s.y);
  const measure = Math.max(...segments.map((s) => s.x1)) - left;
  if (rightCol.length !== rest.length || rightCol.length < 2 || rightX - left < 0.25 * measure) return undefined;
  if (!consecutive(leftCol) || !consecutive(rightCol) || rightCol[0].n !== leftCol[leftCol.length - 1].n + 1) return undefined;
  // The columns start together: the first labels of both stand on (nearly) one baseline.
  if (Math.abs(leftCol[0].s.y - rightCol[0].s.y) > 2 * size) return undefined;
  // No line of the left column reaches into the second one.
  const top = Math.max(leftCol[0].s.y, rightCol[0].s.y) + 1.5 * size;
  const lowest = Math.min(leftCol[leftCol.length - 1].s.y, rightCol[rightCol.length - 1].s.y);
  const x = rightX - 0.5 * size;
  // The text after the columns: a line across the gutter, or one at the left column's edge under its last exercise that
  // is neither a label nor an answer in small type ("Solution 1.b" under the columns).
  const lastLeft = leftCol[leftCol.length - 1].s.y;
  const after = (s: Segment) =>
    (s.y < lowest && s.x0 < x - size && s.x1 > x + size) ||
    (s.y < lastLeft - 0.5 * size && s.x0 < left + 0.5 * size && s.size >= 0.75 * size && labelOf(s.text) === undefined && s.chars >= 3);
  const across = segments.filter((s) => s.y < top && after(s)).reduce((y, s) => Math.max(y, s.y), -Infinity);
  const bottom = Number.isFinite(across) ? across + 0.5 * size : -Infinity;
  const inBand = (s: Segment) => s.y <= top && s.y > bottom;
  if (segments.some((s) => inBand(s) && s.x0 < x - size && s.x1 > x + size)) return undefined;
  return { x, top, bottom, size };
}

/**
 * The band's lines in small type (under three quarters of the exercises'), each an answer printed under its exercise
 * (turned the right way up as one line, pdf-rotated-text.ts): marked as such, a paragraph of its own after the exercise
 * and never part of the exercise's display.
 */
export function withAnswersWhole(segments: Segment[], band: ExerciseBand): Segment[] {
  return segments.map((s) =>
    s.y <= band.top && s.y > band.bottom && !s.region && s.size < 0.75 * band.size && s.chars >= 2 ? { ...s, solution: true } : s,
  );
}

/** A page's segments with the answers of its two columns of lettered exercises marked (see `withAnswersWhole`). */
export function markExerciseAnswers(segments: Segment[]): Segment[] {
  const band = findExerciseBand(segments);
  return band ? withAnswersWhole(segments, band) : segments;
}
