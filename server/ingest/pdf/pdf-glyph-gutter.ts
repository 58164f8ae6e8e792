import type { Segment } from './pdf-lines';

/**
 * The gutter of a two-column page found from where its text is not: a vertical band near the middle of the text that
 * (nearly) no line crosses, with a column of justified prose on each side of it: many long lines ending together just
 * left of the band, many starting together just right of it, the two columns about as wide. The pairs count of
 * `findGutter` (pdf-columns.ts) needs lines side by side on one baseline; a `multicols` page whose left column holds a
 * figure and displays beside the right column's prose has few such pairs, and read as one column its lines interleave
 * by height. A one-column page has lines across the middle (prose, a centred display, a table's title or text), and a
 * table with a gap down its middle has no justified column on either side of it: neither is split.
 */
export function glyphGutter(segments: Segment[], pageWidth: number): number | undefined {
  const body = segments.filter((s) => s.chars >= 3 && !s.isMargin);
  if (body.length < 12) return undefined;
  const left = Math.min(...body.map((s) => s.x0));
  const right = Math.max(...body.map((s) => s.x1));
  const width = right - left;
  if (width < pageWidth * 0.5) return undefined;
  // The lines crossing each x of the middle fifth of the text: the fewest crossings, and the widest stretch of them.
  const crossings = (x: number) => body.filter((s) => s.x0 < x - 0.5 && s.x1 > x + 0.5).length;
  const from = left + 0.4 * width;
  const xs: { x: number; crossed: number }[] = [];
  for (let x = from; x <= left + 0.6 * width; x += 0.5) xs.push({ x, crossed: crossings(x) });
  const fewest = Math.min(...xs.map((p) => p.crossed));
  // A title, a full-width figure or a footnote across both columns may cross; a page of prose crosses on every line.
  if (fewest > Math.max(2, 0.1 * body.length)) return undefined;
  let run: { from: number; to: number } | undefined;
  let open: number | undefined;
  for (const [k, p] of xs.entries()) {
    if (p.crossed === fewest && open === undefined) open = p.x;
    const last = k === xs.length - 1;
    if (open !== undefined && (p.crossed !== fewest || last)) {
      const to = p.crossed === fewest ? p.x : xs[k - 1].x;
      if (!run || to - open > run.to - run.from) run = { from: open, to };
      open = undefined;
    }
  }
  if (!run) return undefined;
  const band = (run.from + run.to) / 2;
  const size = median(body.map((s) => s.size));
  // Prose on both sides: lines of a column's width ending (on the left) or starting (on the right) at one edge by the band.
  const long = body.filter((s) => s.chars >= 20 && s.math < 0.5);
  const leftLines = long.filter((s) => s.x1 <= band && s.x1 > band - 3 * size && s.x1 - s.x0 > 0.6 * (band - left));
  const rightLines = long.filter((s) => s.x0 >= band && s.x0 < band + 3 * size && s.x1 - s.x0 > 0.6 * (right - band));
  const together = (edges: number[]) => {
    if (!edges.length) return 0;
    const common = mode(edges.map((e) => Math.round(e)));
    return edges.filter((e) => Math.abs(e - common) <= 1).length;
  };
  // A column may hold a figure and displays and few lines of prose (three); the two together hold many.
  const [ends, starts] = [together(leftLines.map((s) => s.x1)), together(rightLines.map((s) => s.x0))];
  if (Math.min(ends, starts) < 3 || ends + starts < Math.max(8, 0.15 * body.length)) return undefined;
  // Columns of about one width and one height: a narrow block beside a wide one, or a few lines beside the foot of a page
  // of prose, is a figure, a table's part or a note, not a column.
  const [a, b] = [band - left, right - band];
  if (Math.min(a, b) < 0.75 * Math.max(a, b)) return undefined;
  const [l, r] = [height(body.filter((s) => s.x1 <= band)), height(body.filter((s) => s.x0 >= band))];
  return Math.min(l, r) >= 0.5 * Math.max(l, r) ? band : undefined;
}

function height(segments: Segment[]): number {
  return segments.length ? Math.max(...segments.map((s) => s.y)) - Math.min(...segments.map((s) => s.y)) : 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((p, q) => p - q);
  return sorted[Math.floor(sorted.length / 2)];
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((p, q) => q[1] - p[1] || p[0] - q[0])[0][0];
}
