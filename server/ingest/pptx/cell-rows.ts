import type { Box } from './flowchart';

/** A text shape that may be one cell of a drawn row: one short text in a box of its own. */
export interface Cell extends Box {
  text: string;
}

/** A cell holds a character or an index ("b", "0", "11"), not a word. */
const maxCell = 3;

/**
 * Rows of small boxes drawn side by side, one character in each, with their indices in a second row under them (how a
 * programming deck shows a string: "b a n a n a" over "0 1 2 3 4 5"): the grid they draw, a row of cells per drawn row
 * and a column per drawn column ('' where a box is empty), and which cells it took. Read one box at a time, the
 * letters would be one-letter paragraphs, the repeated ones dropped as repeats, and the word lost.
 *
 * A row is three boxes or more of about one size on one level, each starting within a box and a half of where the one
 * before it ends (an empty box between them, the space in "Monty Python"); rows stacked within half a box of each other
 * are one grid.
 */
export function cellGrids(cells: Cell[]): Array<{ rows: string[][]; members: Set<number>; box: Box }> {
  const small = cells.map((c, i) => ({ ...c, i })).filter((c) => c.text.length <= maxCell && c.w > 0 && c.h > 0);
  const rows: Array<typeof small> = [];
  for (const c of [...small].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const row = rows.find((r) => Math.abs(r[0].y - c.y) < r[0].h / 4 && Math.abs(r[0].h - c.h) < r[0].h / 4);
    if (row) row.push(c);
    else rows.push([c]);
  }
  // Each drawn row: its cells left to right, cut where the next box does not follow on.
  const runs = rows.flatMap((row) => {
    const sorted = row.sort((a, b) => a.x - b.x);
    const out: Array<typeof small> = [[sorted[0]]];
    for (const c of sorted.slice(1)) {
      const last = out[out.length - 1].at(-1)!;
      if (c.x > last.x && c.x - (last.x + last.w) <= 1.5 * last.w) out[out.length - 1].push(c);
      else out.push([c]);
    }
    return out.filter((r) => r.length >= 3);
  });
  runs.sort((a, b) => a[0].y - b[0].y);
  const grids: Array<typeof runs> = [];
  for (const run of runs) {
    const grid = grids.find((g) => {
      const above = g.at(-1)!;
      const overlap = Math.min(above.at(-1)!.x + above.at(-1)!.w, run.at(-1)!.x + run.at(-1)!.w) - Math.max(above[0].x, run[0].x);
      return overlap > 0 && run[0].y - (above[0].y + above[0].h) <= above[0].h / 2;
    });
    if (grid) grid.push(run);
    else grids.push([run]);
  }
  return grids.map((grid) => {
    const all = grid.flat();
    const width = Math.min(...all.map((c) => c.w));
    // Columns by position: a box in another row within half a box of a column's first box is in that column.
    const columns: number[] = [];
    for (const c of [...all].sort((a, b) => a.x - b.x)) if (!columns.some((x) => Math.abs(x - c.x) < width / 2)) columns.push(c.x);
    const rowsOut = grid.map((run) => {
      const row = columns.map(() => '');
      for (const c of run) row[columns.findIndex((x) => Math.abs(x - c.x) < width / 2)] = c.text;
      return row;
    });
    const x = Math.min(...all.map((c) => c.x));
    const y = Math.min(...all.map((c) => c.y));
    return { rows: rowsOut, members: new Set(all.map((c) => c.i)), box: { x, y, w: Math.max(...all.map((c) => c.x + c.w)) - x, h: 0 } };
  });
}
