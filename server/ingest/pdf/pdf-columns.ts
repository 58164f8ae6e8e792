import { findExerciseBands } from './pdf-exercise-columns';
import { glyphGutter } from './pdf-glyph-gutter';
import type { Segment } from './pdf-lines';
import type { PdfLine } from './pdf-types';

interface Gutter {
  x: number;
}

/**
 * Finds the gutter of a two-column page: the vertical line near the middle
 * with the most pairs of lines side by side on one baseline (one ending left
 * of it, one starting right of it). Counting pairs rather than crossings
 * keeps pages with a full-width title or figure on top two-column.
 */
export function findGutter(segments: Segment[], pageWidth: number): Gutter | undefined {
  const body = segments.filter((s) => s.chars >= 3);
  if (body.length < 8) return undefined;
  const left = Math.min(...body.map((s) => s.x0));
  const right = Math.max(...body.map((s) => s.x1));
  const width = right - left;
  if (width < pageWidth * 0.3) return undefined;
  // Lines side by side: overlapping heights (columns need not share baselines).
  const sorted = [...body].sort((p, q) => p.y - q.y);
  const beside = body.map((seg) => {
    const out: Segment[] = [];
    for (const other of sorted) {
      if (other.y < seg.y - 0.8 * seg.size) continue;
      if (other.y > seg.y + 0.8 * seg.size) break;
      // Both sides of a pair are lines of text: an equation number or a page number beside a line makes no column, nor
      // do two formulas side by side (a display's rows set with a wide space between their parts).
      if (other !== seg && other.x0 > seg.x1 && other.chars >= 12 && !(seg.math >= 0.5 && other.math >= 0.5)) out.push(other);
    }
    return out;
  });
  let best: { x: number; pairs: number } | undefined;
  for (let x = left + width * 0.3; x <= left + width * 0.7; x += 2) {
    let pairs = 0;
    body.forEach((seg, i) => {
      // The left line must reach near the gutter: a label far left is not a column.
      if (seg.chars < 12 || seg.x1 > x || seg.x1 <= x - width * 0.25) return;
      if (beside[i].some((o) => o.x0 >= x && o.x0 < x + width * 0.1)) pairs++;
    });
    if (!best || pairs > best.pairs) best = { x, pairs };
  }
  if (!best || best.pairs < Math.max(3, body.length * 0.1)) return undefined;
  // Centre the gutter in the empty strip between the columns.
  const leftEnd = Math.max(...body.filter((s) => s.x1 <= best.x && s.x1 > best.x - width * 0.25).map((s) => s.x1));
  const rightStart = Math.min(...body.filter((s) => s.x0 >= best.x && s.x0 < best.x + width * 0.1).map((s) => s.x0));
  return { x: (leftEnd + rightStart) / 2 };
}

/**
 * Orders a page's segments for reading: on a two-column page, bands between
 * full-width segments (titles, wide figures) are read left column first,
 * then the right column.
 */
export function orderPage(segments: Segment[], pageWidth: number, documentColumn?: { left: number; right: number }): PdfLine[] {
  // Pieces of one baseline left to right: a line split around a tall formula comes back with baselines that differ in the
  // last bits of a float (305.358 and 305.35799999999995), which must not put its end before its start.
  const bands = findExerciseBands(segments);
  const sorted = [...segments].sort((a, b) => (Math.abs(b.y - a.y) > 0.01 ? b.y - a.y : a.x0 - b.x0));
  // Lettered exercises set in columns are read down each column in turn (pdf-exercise-columns.ts): their answers set
  // flush right in each column would pass for a gutter of their own.
  // Where few lines stand side by side (a column of figures and displays beside one of prose), the band no line crosses.
  const gutter = bands.length ? undefined : (findGutter(sorted, pageWidth) ?? bandGutter(sorted, pageWidth));
  if (!bands.length && !gutter) {
    // A page of a line or two of text (the end of a chapter, displays left alone on the last page) has no edges of its own
    // to measure: the document's body column is its column, so a centred display on it stays centred.
    const few = sorted.filter((s) => s.chars > 20 && s.math < 0.5).length < 3;
    const edges = few && documentColumn ? documentColumn : columnEdges(sorted);
    return sorted.map((s) => toLine(s, 0, edges));
  }
  // In bands of exercises, their own gutters; elsewhere on such a page, the page's width is one column.
  const guttersOf = (s: Segment) =>
    bands.length ? bands.find((b) => s.y <= b.top && s.y > b.bottom)?.gutters : gutter ? [gutter.x] : undefined;
  // The column a segment stands in, left to right (undefined: it reaches across a gutter, or no gutter runs there).
  const columnOf = (s: Segment) => {
    const gutters = guttersOf(s);
    if (!gutters) return undefined;
    const k = gutters.filter((x) => s.x0 >= x - 1).length;
    // An exercise's answer (pdf-exercise-columns.ts) is its column's, even where it runs past the column's right edge.
    return k === gutters.length || s.x1 <= gutters[k] + 1 || (bands.length && s.solution) ? k : undefined;
  };
  const count = Math.max(2, ...bands.map((b) => b.gutters.length + 1));
  const edges = Array.from({ length: count }, (_, k) => columnEdges(sorted.filter((s) => columnOf(s) === k)));
  const fullEdges = columnEdges(sorted);
  const out: PdfLine[] = [];
  let columns: Segment[][] = edges.map(() => []);
  const flush = () => {
    columns.forEach((column, k) => {
      for (const s of column) out.push(toLine(s, k, edges[k]));
    });
    columns = edges.map(() => []);
  };
  for (const s of sorted) {
    const k = columnOf(s);
    if (k !== undefined) columns[k].push(s);
    else {
      flush();
      out.push(toLine(s, 0, fullEdges));
    }
  }
  flush();
  return out;
}

function bandGutter(segments: Segment[], pageWidth: number): Gutter | undefined {
  const x = glyphGutter(segments, pageWidth);
  return x === undefined ? undefined : { x };
}

function columnEdges(segments: Segment[]): { left: number; right: number } {
  if (segments.length === 0) return { left: 0, right: 0 };
  // The most common left edge is the column's margin; indented lines sit right of it.
  const lefts = segments.filter((s) => s.chars > 20).map((s) => Math.round(s.x0));
  const rights = segments.filter((s) => s.chars > 20).map((s) => Math.round(s.x1));
  // Justified lines end together, where most lines end; one line running long (into a note or a number
  // beside it, or a running head as wide as the page on a page of few lines) does not move the edge.
  const common = rights.length ? mode(rights) : 0;
  const together = rights.filter((r) => Math.abs(r - common) <= 1).length;
  return {
    left: lefts.length ? mode(lefts) : Math.min(...segments.map((s) => s.x0)),
    right: !rights.length
      ? Math.max(...segments.map((s) => s.x1))
      : together >= 3 && together >= rights.length * 0.3
        ? Math.max(...rights.filter((r) => Math.abs(r - common) <= 1))
        : [...rights].sort((a, b) => a - b)[Math.floor(rights.length * 0.9)],
  };
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  let best = values[0];
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > (counts.get(best) ?? 0) || (n === counts.get(best) && v < best)) best = v;
  }
  return best;
}

function toLine(s: Segment, column: number, edges: { left: number; right: number }): PdfLine {
  return {
    page: s.page,
    column,
    x0: s.x0,
    x1: s.x1,
    y: s.y,
    size: s.size,
    font: s.font,
    text: s.text,
    columnLeft: edges.left,
    columnRight: edges.right,
    mono: s.mono,
    bold: s.bold,
    italic: s.italic,
    lead: s.lead,
    ...(s.faces ? { faces: s.faces } : {}),
    math: s.math,
    plainMath: s.plainMath,
    bigOps: s.bigOps,
    region: s.region,
    isMargin: s.isMargin,
    cells: s.cells,
    solution: s.solution,
    ...(s.leadMark ? { leadMark: s.leadMark } : {}),
    ...(s.noteMarks ? { noteMarks: s.noteMarks } : {}),
  };
}
