import type { PdfLine } from './pdf-types';

/** A short piece of a column set: one item, where it starts and ends. */
interface Piece {
  line: PdfLine;
  x0: number;
  x1: number;
  text: string;
}

const usable = (l: PdfLine, bodySize: number) =>
  !l.region && !l.isMargin && !l.isNote && !l.mono && !l.algorithm && !l.bold && Math.abs(l.size - bodySize) < 0.6;

/** An item of a column set: a few words or a formula, no sentence (a sentence's end or a colon is prose or a label). */
const itemLike = (text: string) => text.length > 0 && text.length <= 40 && !/[.:;?!]["”’)]?$/.test(text) && !/^[-+−]?[\d.,%]+$/.test(text);

/** The pieces of one line: its runs set an em or more apart are that many items. */
const piecesOf = (l: PdfLine): Piece[] =>
  l.cells
    ? l.cells.map((c) => ({ line: l, x0: c.x0, x1: c.x1, text: c.text.trim() }))
    : [{ line: l, x0: l.x0, x1: l.x1, text: l.text.trim() }];

/**
 * The starts of the set's columns when the pieces' left edges fall on 2-6 columns set at equal steps across the
 * measure, as a multi-column list sets them (multicols, a list in columns). A table's columns are as wide as their
 * contents and fall where they fall.
 */
function columnStarts(pieces: Piece[], size: number): number[] | undefined {
  const starts: number[] = [];
  for (const x of pieces.map((p) => p.x0).sort((a, b) => a - b)) {
    if (!starts.length || x - starts[starts.length - 1] > 0.8 * size) starts.push(x);
  }
  if (starts.length < 2 || starts.length > 6) return undefined;
  const step = (starts[starts.length - 1] - starts[0]) / (starts.length - 1);
  if (step < 4 * size || starts.some((s, k) => Math.abs(s - (starts[0] + k * step)) > 0.5 * size)) return undefined;
  // Two columns are one step apart by any count: the second starts half the measure in.
  const line = pieces[0].line;
  if (starts.length === 2 && Math.abs(step - (line.columnRight - starts[0]) / 2) > 0.15 * step) return undefined;
  return starts;
}

/**
 * Finds the items of a list set in columns ("Choose vector quantities:" over "air pressure   time difference   ..."):
 * rows of short items, no sentence among them, whose left edges stand on columns at equal steps, each column
 * holding items in two rows or more. Their lines are marked `columnItem` and put in the order the columns are read
 * (down the first column, then the next), one item a line; a formula among them is an item, not a display. Rows
 * of a table (columns as wide as their cells) or of prose are left alone.
 */
export function markColumnLists(lines: PdfLine[], bodySize: number): PdfLine[] {
  const out: PdfLine[] = [];
  let i = 0;
  while (i < lines.length) {
    const first = lines[i];
    let k = i;
    while (
      k < lines.length &&
      usable(lines[k], bodySize) &&
      lines[k].page === first.page &&
      lines[k].column === first.column &&
      piecesOf(lines[k]).every((p) => itemLike(p.text))
    )
      k++;
    const found = k - i >= 6 ? columnSet(lines.slice(i, k), bodySize) : undefined;
    if (!found) {
      out.push(lines[i++]);
      continue;
    }
    out.push(...found);
    i = k;
  }
  return out;
}

function columnSet(run: PdfLine[], size: number): PdfLine[] | undefined {
  const pieces = run.flatMap(piecesOf);
  const starts = columnStarts(pieces, size);
  if (!starts) return undefined;
  const step = starts.length > 1 ? starts[1] - starts[0] : 0;
  const columnOf = (p: Piece) => starts.findIndex((s) => Math.abs(p.x0 - s) <= 0.8 * size);
  // Each item stays inside its column.
  if (pieces.some((p) => columnOf(p) < 0 || p.x1 - p.x0 > step + 0.5 * size)) return undefined;
  // Rows: baselines within half a line (a formula with an accent or a script sits a little off its row).
  const rows: number[] = [];
  for (const y of pieces.map((p) => p.line.y).sort((a, b) => b - a))
    if (!rows.length || rows[rows.length - 1] - y > 0.5 * size) rows.push(y);
  if (rows.length < 2) return undefined;
  const rowOf = (p: Piece) => rows.findIndex((y) => Math.abs(p.line.y - y) <= 0.5 * size);
  const counts = starts.map((_, c) => new Set(pieces.filter((p) => columnOf(p) === c).map(rowOf)).size);
  if (counts.some((n) => n < 2)) return undefined;
  // Most items carry a word: a set of numbers or symbols in columns is a table or a matrix.
  if (pieces.filter((p) => /\p{L}{2}/u.test(p.text)).length < 0.6 * pieces.length) return undefined;
  return pieces
    .sort((a, b) => columnOf(a) - columnOf(b) || rowOf(a) - rowOf(b))
    .map((p) => ({ ...p.line, x0: p.x0, x1: p.x1, text: p.text, cells: undefined, columnItem: true }));
}
