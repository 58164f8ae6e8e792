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

type Label = { s: Segment; n: number };

/** A column's labels, top to bottom, cut where the letters start again (a second list on the page: "(a)" after "(h)"). */
function runsOf(column: Label[]): Label[][] {
  const out: Label[][] = [];
  for (const l of column) {
    const run = out[out.length - 1];
    if (run && l.n === run[run.length - 1].n + 1) run.push(l);
    else out.push([l]);
  }
  return out;
}

/**
 * Finds exercises lettered (a), (b), ... and set in two columns (multicols): their labels stand on two left edges at
 * least a quarter of the measure apart, each column's letters count on down the column and the second column goes on
 * from the first one's last letter, as the author numbered them (a page may hold two such lists, one under the other).
 * Their lines are too short, and too full of formulas, for the gutter of a two-column page to be seen (pdf-columns.ts);
 * each band runs from its first row of labels down to the text after the columns.
 */
export function findExerciseBands(segments: Segment[]): ExerciseBand[] {
  const labelled = segments
    .map((s) => ({ s, n: labelOf(s.text) }))
    .filter((l): l is Label => l.n !== undefined && l.s.chars >= 3 && !l.s.region && !l.s.isMargin);
  if (labelled.length < 4) return [];
  const size = labelled[0].s.size;
  const left = Math.min(...labelled.map((l) => l.s.x0));
  const leftCol = labelled.filter((l) => l.s.x0 < left + size).sort((p, q) => q.s.y - p.s.y);
  const rest = labelled.filter((l) => l.s.x0 >= left + size).sort((p, q) => q.s.y - p.s.y);
  if (leftCol.length < 2 || rest.length < 1) return [];
  const measure = Math.max(...segments.map((s) => s.x1)) - left;
  // The other labels' columns, each by its left edge, and their runs of letters.
  const edges: number[] = [];
  for (const x0 of rest.map((l) => l.s.x0).sort((a, b) => a - b)) if (!edges.length || x0 - edges[edges.length - 1] > size) edges.push(x0);
  const rights = edges.flatMap((e) => runsOf(rest.filter((l) => l.s.x0 >= e && l.s.x0 < e + size)));
  const bands: ExerciseBand[] = [];
  for (const leftRun of runsOf(leftCol)) {
    // The second column goes on from the first one's last letter and starts on the first one's first row (a tall formula
    // may set its label lower), a quarter of the measure and more to the right.
    const rightRun = rights.find(
      (r) =>
        r[0].n === leftRun[leftRun.length - 1].n + 1 &&
        (leftRun.length < 2 || r[0].s.y > leftRun[1].s.y) &&
        r[0].s.y < leftRun[0].s.y + 2 * size,
    );
    if (!rightRun || leftRun.length < 2 || leftRun.length + rightRun.length < 4) continue;
    const rightX = Math.min(...rightRun.map((l) => l.s.x0));
    if (rightX - left < 0.25 * measure) continue;
    const x = rightX - 0.5 * size;
    const top = Math.max(leftRun[0].s.y, rightRun[0].s.y) + 1.5 * size;
    const lowest = Math.min(leftRun[leftRun.length - 1].s.y, rightRun[rightRun.length - 1].s.y);
    // The text after the columns: a line across the gutter, or one at the left column's edge under its last exercise that
    // is neither a label nor an answer in small type ("Solution 1.b", "2. Differentiate." under the columns).
    const lastLeft = leftRun[leftRun.length - 1].s.y;
    const after = (s: Segment) =>
      (s.y < lowest && s.x0 < x - size && s.x1 > x + size) ||
      (s.y < lastLeft - 0.5 * size && s.x0 < left + 0.5 * size && s.size >= 0.75 * size && labelOf(s.text) === undefined && s.chars >= 3);
    const across = segments.filter((s) => s.y < top && after(s)).reduce((y, s) => Math.max(y, s.y), -Infinity);
    const bottom = Number.isFinite(across) ? across + 0.5 * size : -Infinity;
    const inBand = (s: Segment) => s.y <= top && s.y > bottom;
    // No line of the band reaches across the gutter, and no label of the band stands in a third column.
    if (segments.some((s) => inBand(s) && s.x0 < x - size && s.x1 > x + size)) continue;
    if (labelled.some((l) => inBand(l.s) && !leftRun.includes(l) && !rightRun.includes(l))) continue;
    if (bands.some((b) => b.bottom < top && bottom < b.top)) continue;
    bands.push({ x, top, bottom, size });
  }
  return bands;
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
  return findExerciseBands(segments).reduce(withAnswersWhole, segments);
}
