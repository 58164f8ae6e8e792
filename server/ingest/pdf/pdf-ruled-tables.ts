import { normalizeCharacters } from '@server/core/nlp';
import type { Box } from './pdf-geometry';
import type { Segment } from './pdf-lines';
import type { PdfItem, PdfMark } from './pdf-types';

/**
 * A table drawn with a ruling grid (LaTeX's `|` columns, `\cline`, `\multicolumn`, `\multirow`: a worksheet's two-way
 * table of dice) read from where its glyphs stand: rows by baseline, cells split where glyphs stand apart or a vertical
 * rule runs between them, columns where the cells of the rows line up. A label spanning the columns above the column
 * labels ("Dice 2" over 1 ... 6) and a label set beside the row labels, on a baseline of its own between them ("Dice 1"),
 * name the two ways of the table: they go into the header's empty corner ("Dice 1 \ Dice 2"). The first row is a header
 * row when a rule runs under it, or it names the table's two ways. Undefined when the grid does not read as rows and
 * columns (a spanning cell elsewhere, too few rows or columns, long cells, scripts): the picture stays.
 */

interface Cell {
  x0: number;
  x1: number;
  y: number;
  size: number;
  text: string;
}

const clean = (text: string) =>
  normalizeCharacters(text)
    .replace(/[\uE000-\uF8FF]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const isVertical = (m: PdfMark) => m.kind === 'path' && m.x1 - m.x0 < 1.5 && m.y1 - m.y0 >= 3;
const isHorizontal = (m: PdfMark) => m.kind === 'path' && m.y1 - m.y0 < 1.5 && m.x1 - m.x0 >= 3;

/** The cells of one label: the glyph runs standing half an em or more apart, or with a vertical rule between them. */
function cellsOfLabel(s: Segment, items: PdfItem[], verticals: PdfMark[]): Cell[] {
  // A label with scripts is read as the line reader wrote it (its scripts are on other baselines): by its wide gaps only.
  if (/\\\(/.test(s.text) || items.length === 0) return scriptedCells(s);
  const runs = items
    .filter((i) => Math.abs(i.y - s.y) < 0.3 * s.size && i.x >= s.x0 - 1 && i.x + i.width <= s.x1 + 1 && i.str.trim())
    .sort((a, b) => a.x - b.x);
  if (runs.length === 0) return [{ x0: s.x0, x1: s.x1, y: s.y, size: s.size, text: s.text.trim() }];
  const cells: Cell[] = [];
  for (const r of runs) {
    const last = cells[cells.length - 1];
    const ruled = (a: number, b: number) => verticals.some((v) => v.x0 >= a && v.x1 <= b && v.y0 <= s.y && v.y1 >= s.y);
    if (last && r.x - last.x1 < 0.5 * s.size && !ruled(last.x1 - 0.5, r.x + 0.5)) {
      last.text += (r.x - last.x1 > 0.15 * s.size ? ' ' : '') + r.str;
      last.x1 = r.x + r.width;
    } else cells.push({ x0: r.x, x1: r.x + r.width, y: s.y, size: s.size, text: r.str });
  }
  return cells.map((c) => ({ ...c, text: clean(c.text) })).filter((c) => c.text);
}

/**
 * The cells of a label carrying scripts: its wide-gap runs, the text of each taken from the label's own text (the runs
 * hold no scripts), matched from the end; the whole label as one cell when they do not match.
 */
function scriptedCells(s: Segment): Cell[] {
  const whole = [{ x0: s.x0, x1: s.x1, y: s.y, size: s.size, text: s.text.trim() }];
  const runs = s.cells ?? [];
  if (runs.length < 2) return whole;
  let rest = s.text.trim();
  const tail: Cell[] = [];
  for (let k = runs.length - 1; k >= 1; k--) {
    const t = runs[k].text.trim();
    if (!t || !rest.endsWith(t)) return whole;
    rest = rest.slice(0, rest.length - t.length).trim();
    tail.unshift({ x0: runs[k].x0, x1: runs[k].x1, y: s.y, size: s.size, text: t });
  }
  return rest ? [{ x0: runs[0].x0, x1: runs[0].x1, y: s.y, size: s.size, text: rest }, ...tail] : whole;
}

/** Rows by baseline, top to bottom, their cells left to right. */
function rowsOfCells(cells: Cell[]): Cell[][] {
  const rows: Cell[][] = [];
  for (const c of [...cells].sort((a, b) => b.y - a.y || a.x0 - b.x0)) {
    const row = rows.find((r) => Math.abs(r[0].y - c.y) < 0.3 * c.size);
    if (row) row.push(c);
    else rows.push([c]);
  }
  for (const r of rows) r.sort((a, b) => a.x0 - b.x0);
  return rows;
}

/** Intervals of x where cells stand, merged where they overlap. */
function intervals(cells: Cell[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const c of [...cells].sort((a, b) => a.x0 - b.x0)) {
    const last = out[out.length - 1];
    if (last && c.x0 <= last[1] + 1) last[1] = Math.max(last[1], c.x1);
    else out.push([c.x0, c.x1]);
  }
  return out;
}

const overlaps = (c: Cell, [a, b]: [number, number]) => c.x0 < b + 1 && c.x1 > a - 1;

export function ruledGridTable(
  box: Box,
  marks: PdfMark[],
  labels: Segment[],
  items: PdfItem[],
): { rows: string[][]; header: boolean } | undefined {
  const verticals = marks.filter(isVertical);
  const horizontals = marks.filter(isHorizontal);
  if (verticals.length === 0 || horizontals.length === 0 || labels.length === 0) return undefined;
  // Cells with scripts stand on several baselines, which rows by baseline would cut apart: such a table keeps its picture.
  if (labels.some((s) => /\\\(/.test(s.text))) return undefined;
  const within = items.filter((i) => i.x >= box.x0 - 1 && i.x + i.width <= box.x1 + 1 && i.y >= box.y0 - 1 && i.y <= box.y1 + 1);
  const rows = rowsOfCells(labels.flatMap((s) => cellsOfLabel(s, within, verticals)));
  if (rows.length < 2) return undefined;
  // Columns: where the cells of rows of several cells line up; a row of one cell either adds a column of its own (row
  // labels, a label beside them), falls in one, or spans several (a label over the columns).
  let columns = intervals(rows.filter((r) => r.length >= 2).flat());
  const spanning = new Set<Cell>();
  for (const r of rows.filter((r) => r.length === 1)) {
    const hit = columns.filter((col) => overlaps(r[0], col));
    if (hit.length >= 2) spanning.add(r[0]);
  }
  columns = intervals(rows.flat().filter((c) => !spanning.has(c)));
  if (columns.length < 2 || columns.length > 30) return undefined;
  const columnOf = (c: Cell) => columns.findIndex((col) => c.x0 >= col[0] - 1 && c.x1 <= col[1] + 1);
  // A column holding one cell only, on a baseline of its own: a label set beside the rows (\multirow).
  const counts = columns.map((_, k) => rows.flat().filter((c) => !spanning.has(c) && columnOf(c) === k).length);
  const rowLabels = new Set(rows.filter((r) => r.length === 1 && !spanning.has(r[0]) && counts[columnOf(r[0])] === 1).map((r) => r[0]));
  const grid = rows.filter((r) => !(r.length === 1 && (spanning.has(r[0]) || rowLabels.has(r[0]))));
  if (grid.length < 2) return undefined;
  // Spanning labels stand above the grid's first row; any other is a layout this reading does not follow.
  if ([...spanning].some((c) => c.y < grid[0][0].y)) return undefined;
  const keep = columns.map((_, k) => !rowLabels.has(rows.flat().find((c) => columnOf(c) === k)!));
  const cells = grid.map((r) => {
    const out = columns.map(() => '');
    for (const c of r) {
      const k = columnOf(c);
      if (k < 0 || out[k]) return undefined;
      out[k] = c.text;
    }
    return out.filter((_, k) => keep[k]);
  });
  if (cells.some((r) => !r)) return undefined;
  const read = cells as string[][];
  const filled = read.flat().filter(Boolean);
  if (read[0].length < 2 || filled.reduce((n, t) => n + t.length, 0) / Math.max(1, filled.length) > 40) return undefined;
  const corner = [...[...rowLabels].map((c) => c.text), ...[...spanning].sort((a, b) => b.y - a.y).map((c) => c.text)];
  let named = false;
  if (corner.length) {
    if (read[0][0]) return undefined;
    read[0][0] = corner.join(' \\ ');
    named = true;
  }
  // A rule between the first row and the second, across the columns it heads: the header's rule.
  const [first, second] = [grid[0][0].y, grid[1][0].y];
  const ruled = horizontals.some((h) => h.y0 < first && h.y1 > second && h.x1 - h.x0 >= 0.5 * (box.x1 - box.x0));
  return { rows: read, header: named || ruled };
}
