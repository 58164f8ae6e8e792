import type { Segment } from './pdf-lines';

/**
 * The part of a page set in columns of lettered exercises: the gutters' x, left to right (one between each two columns),
 * and the band's top and bottom (PDF points, y up).
 */
export interface ExerciseBand {
  gutters: number[];
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
 * Finds exercises lettered (a), (b), ... and set in columns (multicols, two, three or more): their labels stand on left
 * edges apart, each column's letters count on down the column and each next column goes on from the one before's last
 * letter, as the author numbered them (a page may hold several such lists, one under the other). Their lines are too
 * short, and too full of formulas, for the gutter of a two-column page to be seen (pdf-columns.ts); each band runs from
 * its first row of labels down to the text after the columns.
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
  const others = edges.flatMap((e) => runsOf(rest.filter((l) => l.s.x0 >= e && l.s.x0 < e + size)));
  const bands: ExerciseBand[] = [];
  for (const leftRun of runsOf(leftCol)) {
    if (leftRun.length < 2) continue;
    // Each next column goes on from the one before's last letter and starts on the first column's first row (a tall
    // formula may set its label lower, but above the one before's second label), well to the right of the one before (a
    // sixth of the measure and more).
    const columns = [leftRun];
    for (;;) {
      const before = columns[columns.length - 1];
      const beforeX = Math.min(...before.map((l) => l.s.x0));
      const next = others.find(
        (r) =>
          !columns.includes(r) &&
          r[0].n === before[before.length - 1].n + 1 &&
          r[0].s.x0 - beforeX > measure / 6 &&
          (before.length < 2 || r[0].s.y > before[1].s.y) &&
          r[0].s.y < leftRun[0].s.y + 2 * size,
      );
      if (!next) break;
      columns.push(next);
    }
    const runs = columns.slice(1);
    if (!runs.length || columns.flat().length < 4) continue;
    // Two columns stand a quarter of the measure and more apart; more columns, each a fraction of the measure.
    const xs = columns.map((run) => Math.min(...run.map((l) => l.s.x0)));
    if (xs[xs.length - 1] - left < 0.25 * measure) continue;
    const gutters = xs.slice(1).map((x) => x - 0.5 * size);
    const top = Math.max(...columns.map((run) => run[0].s.y)) + 1.5 * size;
    const lowest = Math.min(...columns.map((run) => run[run.length - 1].s.y));
    // An answer in small type set flush right may run past its column into the next one (an overfull line): not across.
    const crosses = (s: Segment) => s.size >= 0.75 * size && gutters.some((x) => s.x0 < x - size && s.x1 > x + size);
    // The text after the columns: a line across a gutter, or one at the left column's edge under its last exercise that
    // is neither a label nor an answer in small type ("Solution 1.b", "2. Differentiate." under the columns).
    const lastLeft = leftRun[leftRun.length - 1].s.y;
    const after = (s: Segment) =>
      (s.y < lowest && crosses(s)) ||
      (s.y < lastLeft - 0.5 * size && s.x0 < left + 0.5 * size && s.size >= 0.75 * size && labelOf(s.text) === undefined && s.chars >= 3);
    const across = segments.filter((s) => s.y < top && after(s)).reduce((y, s) => Math.max(y, s.y), -Infinity);
    const bottom = Number.isFinite(across) ? across + 0.5 * size : -Infinity;
    const inBand = (s: Segment) => s.y <= top && s.y > bottom;
    // No line of the band reaches across a gutter, and no label of the band stands in a column of its own.
    if (segments.some((s) => inBand(s) && crosses(s))) continue;
    if (labelled.some((l) => inBand(l.s) && !columns.some((run) => run.includes(l)))) continue;
    if (bands.some((b) => b.bottom < top && bottom < b.top)) continue;
    bands.push({ gutters, top, bottom, size });
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

/**
 * A line that runs on from one column's exercise into the next column's ("(f) f(x) = e^x + e^(-x).   (i) f(x) = tan x."):
 * three or four columns stand closer than a page's gutter, so an exercise's line may reach the next one's label. Cut at
 * each later run set an em and more apart that opens with a label, each piece where its runs stand.
 */
function cutAtLabels(s: Segment): Segment[] {
  if (!s.cells || labelOf(s.text) === undefined) return [s];
  const starts = s.cells.flatMap((c, k) => (k > 0 && labelOf(c.text) !== undefined ? [k] : []));
  if (!starts.length) return [s];
  const pieces: Segment[] = [];
  let from = 0;
  let first = 0;
  for (const k of [...starts, s.cells.length]) {
    const cells = s.cells.slice(first, k);
    // The label's place in the text, after the piece before it (the text has its math written as LaTeX, the cells not).
    const label = k < s.cells.length ? /^\(?[a-z]\)/.exec(s.cells[k].text)![0] : undefined;
    const at = label === undefined ? s.text.length : s.text.indexOf(` ${label}`, from);
    if (at < 0) return [s];
    const text = s.text.slice(from, at).trim();
    pieces.push({
      ...s,
      x0: cells[0].x0,
      x1: cells[cells.length - 1].x1,
      text,
      chars: text.replace(/\\[()]|\s/g, '').length,
      cells: cells.length >= 2 ? cells : undefined,
    });
    from = at + 1;
    first = k;
  }
  return pieces;
}

/**
 * A page's segments with the answers of its columns of lettered exercises marked (see `withAnswersWhole`), and the lines
 * that run from one column's exercise into the next one's cut where the next one starts (only in such a band).
 */
export function markExerciseAnswers(segments: Segment[]): Segment[] {
  const bands = findExerciseBands(segments.flatMap(cutAtLabels));
  if (!bands.length) return segments;
  const cut = segments.flatMap((s) => (bands.some((b) => s.y <= b.top && s.y > b.bottom) ? cutAtLabels(s) : [s]));
  return bands.reduce(withAnswersWhole, cut);
}
