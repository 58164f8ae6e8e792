import { captionStart } from './pdf-geometry';
import { ruledHeaderRow } from './pdf-ruled-row';
import type { PdfLine, PdfMark, PdfRegion } from './pdf-types';

/** One row of a table: its cells (anything with a box and a text) left to right. */
export interface Row {
  cells: Array<{ x0: number; x1: number; y: number; text: string }>;
  y: number;
}

/** Groups text pieces into rows by shared baseline, top to bottom. */
export function rowsOf(
  pieces: Array<{ x0: number; x1: number; y: number; size: number; text: string; cells?: Array<{ x0: number; x1: number; text: string }> }>,
): Row[] {
  const rows: Row[] = [];
  // A piece whose runs stand an em or more apart is that many cells.
  const cells = pieces.flatMap((p) => (p.cells ? p.cells.map((c) => ({ ...p, ...c })) : [p]));
  for (const c of [...cells].sort((a, b) => b.y - a.y || a.x0 - b.x0)) {
    const row = rows.find((r) => Math.abs(r.y - c.y) < 0.3 * c.size);
    if (row) row.cells.push(c);
    else rows.push({ cells: [c], y: c.y });
  }
  for (const r of rows) r.cells.sort((a, b) => a.x0 - b.x0);
  return rows;
}

// Code listings line up in columns too, but they are code (left to the block builder), not tables.
const usable = (l: PdfLine) => !l.region && !l.isMargin && !l.isNote && !l.mono && !l.algorithm && !l.columnItem;

/** Lines of one page and column that share a baseline, in reading order: the rows a table would have. */
function rowsFrom(lines: PdfLine[], start: number): { row: Row; next: number } {
  const first = lines[start];
  const cells = [first];
  let k = start + 1;
  while (k < lines.length) {
    const l = lines[k];
    if (!usable(l) || l.page !== first.page || l.column !== first.column || Math.abs(l.y - first.y) > 0.3 * first.size) break;
    cells.push(l);
    k++;
  }
  // A line whose runs stand an em or more apart is that many cells (a header row set as one line).
  const split = cells.flatMap((l) => (l.cells ? l.cells.map((c) => ({ ...l, ...c, cells: undefined })) : [l]));
  return { row: { cells: split.sort((a, b) => a.x0 - b.x0), y: first.y }, next: k };
}

/** A short line right above a table's rows, within its width, that ends no sentence: the row naming its columns. */
function headerAbove(line: PdfLine, rows: Row[], lineGap: number): boolean {
  const first = rows[0].cells[0] as PdfLine;
  if (line.region || line.isMargin || line.isNote || line.page !== first.page || line.y - rows[0].y > 2.4 * lineGap || line.y <= rows[0].y)
    return false;
  const left = Math.min(...rows.flatMap((r) => r.cells.map((c) => c.x0)));
  const right = Math.max(...rows.flatMap((r) => r.cells.map((c) => c.x1)));
  const text = line.text.trim();
  return line.x0 >= left - line.size && line.x1 <= right + 2 * line.size && text.length <= 80 && !/[.:;]$/.test(text) && !/\d/.test(text);
}

/**
 * The first row is a header row when it names the columns: no cell of it is a number, and a column it names holds numbers
 * further down (Outcome | Probability | Payoff over Two heads | 0.25 | 4), or it is set in bold.
 */
export function isHeaderRow(rows: string[][], bold = false): boolean {
  if (rows.length < 2) return false;
  const numeric = (t: string) => /^[-+−(]?[$€£]?\d[\d.,]*%?\)?$/.test(t.trim());
  const [first, ...rest] = rows;
  if (first.some((t) => numeric(t)) || first.filter((t) => t.trim()).length < 2) return false;
  if (bold) return true;
  return first.some((t, col) => t.trim() && rest.filter((r) => numeric(r[col] ?? '')).length >= Math.max(1, rest.length * 0.5));
}

/** A list's mark standing alone in a cell: "(1)", "2.", "a)", "(iv)", a bullet. */
const listMark = /^(?:\(?(?:\d{1,3}|[a-z]|[ivx]{1,5})[.)]|[•◦▪‣∙·■□►–—*-])$/;

/**
 * Rows that are a list's items set in aligned columns ("(1)   Describe ...", "(2)   Calculate ..."): each row a mark
 * and its item, no header row. A table has the shape of one: a caption, a header row or several cells a row.
 */
export function isListOfItems(cells: string[][]): boolean {
  const items = (rows: string[][]) =>
    rows.length >= 2 && rows.every((r) => r.length === 2 && listMark.test(r[0].trim()) && r[1].trim() !== '') && !isHeaderRow(rows);
  // Under the item they belong to, its one cell set across both columns ("f. Java Queue" over "i.  Java Queue
  // Interface", "ii.  ..." in a Word outline): the nested list and its parent, no table.
  return items(cells) || (cells.length >= 3 && cells[0].filter((c) => c.trim()).length === 1 && items(cells.slice(1)));
}

/**
 * Numbered headings set one under the other with no text between them (a section whose first subsection follows at
 * once, sections left empty in a draft: "2.1.3  Discrete time ...", "2.2  Convolution and filtering", "2.2.1  ..."):
 * each row a section number and a title, every line bold. They line up in two columns like a table but are headings.
 */
function stackedHeadings(rows: Row[], cells: string[][]): boolean {
  return (
    cells.every((r) => r.length === 2 && /^(?:\d{1,2}|[A-Z])(?:\.\d{1,2}){0,3}\.?$/.test(r[0].trim()) && /\p{L}{2}/u.test(r[1])) &&
    rows.every((r) => (r.cells as PdfLine[]).every((c) => c.bold))
  );
}

/** Column intervals of a run of rows: cells' x ranges merged where they overlap. Undefined when a cell spans two columns. */
function columnsOf(rows: Row[]): Array<[number, number]> | undefined {
  const spans = rows.flatMap((r) => r.cells.map((c) => [c.x0, c.x1] as [number, number])).sort((a, b) => a[0] - b[0]);
  const columns: Array<[number, number]> = [];
  for (const [a, b] of spans) {
    const last = columns[columns.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else columns.push([a, b]);
  }
  for (const r of rows) {
    const seen = new Set<number>();
    for (const c of r.cells) {
      const col = columns.findIndex(([a, b]) => c.x0 >= a - 1 && c.x1 <= b + 1);
      if (col < 0 || seen.has(col)) return undefined;
      seen.add(col);
    }
  }
  return columns;
}

/** Clear geometry: 2-12 aligned columns (more when a caption names it a table), most rows filled, short cells (two columns of prose are not a table). */
export function readCells(rows: Row[], maxColumns = 12): string[][] | undefined {
  // A table of contents (titles, then ascending page numbers) is not a table.
  const last = rows.map((r) => r.cells[r.cells.length - 1].text.trim());
  if (last.every((t) => /^\d{1,4}$/.test(t)) && last.every((t, i) => i === 0 || Number(t) >= Number(last[i - 1]))) return undefined;
  // A header row may run two headings together ("ATP made NADH made"): the columns come from the body rows.
  const hasHeader = rows.length >= 3 && !columnsOf(rows) && columnsOf(rows.slice(1)) !== undefined;
  const body = hasHeader ? rows.slice(1) : rows;
  const columns = columnsOf(body);
  if (!columns || columns.length < 2 || columns.length > maxColumns) return undefined;
  const full = body.filter((r) => r.cells.length >= columns.length - 1).length;
  if (full < body.length * 0.6) return undefined;
  const cells = rows.flatMap((r) => r.cells);
  if (cells.reduce((n, c) => n + c.text.length, 0) / cells.length > 40) return undefined;
  const read = body.map((r) => columns.map(([a, b]) => r.cells.find((c) => c.x0 >= a - 1 && c.x1 <= b + 1)?.text ?? ''));
  if (!hasHeader) return read;
  // Each header cell goes to the column it reaches over whose middle is nearest its own (a centred header over a column
  // of numbers, not over a narrow column it grazes).
  const header = columns.map(() => '');
  for (const c of rows[0].cells) {
    const mid = (c.x0 + c.x1) / 2;
    let col = -1;
    columns.forEach(([a, b], k) => {
      if (
        c.x1 > a - 1 &&
        c.x0 < b + 1 &&
        (col < 0 || Math.abs((a + b) / 2 - mid) < Math.abs((columns[col][0] + columns[col][1]) / 2 - mid))
      )
        col = k;
    });
    if (col >= 0) header[col] = `${header[col]} ${c.text}`.trim();
  }
  return [header, ...read];
}

/**
 * Finds tables in a page's reading-ordered lines: three or more consecutive rows of two or more
 * cells on shared baselines, whose cells fall into aligned columns. A table becomes one line holding
 * a `table` region with its cells; a "Table N" caption just above or below is attached. Rows
 * whose columns are not clear stay text, unless a table caption names them: then the table is
 * kept as a picture. A lone row between two rules is a table of its header (pdf-ruled-row).
 */
export function findTables(lines: PdfLine[], lineGap: number, marks?: PdfMark[]): PdfLine[] {
  const out: PdfLine[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!usable(lines[i])) {
      out.push(lines[i++]);
      continue;
    }
    const rows: Row[] = [];
    let k = i;
    while (k < lines.length && usable(lines[k])) {
      const { row, next } = rowsFrom(lines, k);
      const prev = rows[rows.length - 1];
      if (row.cells.length < 2) break;
      if (prev && ((prev.cells[0] as PdfLine).page !== (row.cells[0] as PdfLine).page || prev.y - row.y > 2.4 * lineGap || prev.y <= row.y))
        break;
      rows.push(row);
      k = next;
    }
    const before = out[out.length - 1];
    const after = lines[k];
    const captionAbove = before && usable(before) && captionStart.test(before.text) && /^tab/i.test(before.text) ? before : undefined;
    const captionBelow =
      !captionAbove && after && usable(after) && /^tab/i.test(after.text) && captionStart.test(after.text) ? after : undefined;
    const caption = captionAbove ?? captionBelow;
    const lone = rows.length === 1 && ruledHeaderRow(rows[0], marks) ? [rows[0].cells.map((c) => c.text.trim())] : undefined;
    const read = lone ?? (rows.length >= 3 || (rows.length >= 2 && caption) ? readCells(rows) : undefined);
    // A numbered or lettered list whose items line up in columns is a list (its lines are read as items), unless a caption names it a table.
    const cells = read && !caption && (isListOfItems(read) || stackedHeadings(rows, read)) ? undefined : read;
    if ((rows.length < 2 && !lone) || (!cells && !caption) || (!cells && rows.length < 2)) {
      out.push(lines[i++]);
      continue;
    }
    if (captionAbove) out.pop();
    // A header row the rows were not read with (set in typewriter type, or one cell only) stands right above them and
    // names their columns: "regular   organic" over "Sample Mean | 113 | 90".
    const above = out[out.length - 1];
    const columns = cells && columnsOf(rows);
    if (
      cells &&
      columns?.length === cells[0].length &&
      !captionAbove &&
      !isHeaderRow(cells) &&
      above &&
      headerAbove(above, rows, lineGap)
    ) {
      const header = cells[0].map(() => '');
      for (const c of above.cells ?? [above]) {
        // The column nearest the cell's middle (a centred header stands over its column's middle).
        const mid = (c.x0 + c.x1) / 2;
        const at = columns.reduce(
          (best, [a, b], k) => (Math.abs((a + b) / 2 - mid) < Math.abs((columns[best][0] + columns[best][1]) / 2 - mid) ? k : best),
          0,
        );
        if (at < header.length) header[at] = `${header[at]} ${c.text}`.trim();
      }
      if (header.filter(Boolean).length >= 1) {
        cells.unshift(header);
        rows.unshift({ cells: [above], y: above.y });
        out.pop();
      }
    }
    const all = rows.flatMap((r) => r.cells) as PdfLine[];
    const size = Math.max(...all.map((c) => c.size));
    const region: PdfRegion = {
      kind: 'table',
      page: all[0].page,
      x0: Math.min(...all.map((c) => c.x0)) - 0.3 * size,
      x1: Math.max(...all.map((c) => c.x1)) + 0.3 * size,
      y0: Math.min(...all.map((c) => c.y)) - 0.5 * size,
      y1: Math.max(...all.map((c) => c.y)) + 1.1 * size,
      text: rows.map((r) => r.cells.map((c) => c.text).join(' | ')).join('\n'),
      caption: caption?.text,
      rows: cells,
      header: lone
        ? true
        : cells
          ? isHeaderRow(
              cells,
              (rows[0].cells as PdfLine[]).every((c) => c.bold),
            ) || undefined
          : undefined,
    };
    out.push({ ...all[0], text: '', x0: region.x0, x1: region.x1, region });
    i = captionBelow ? k + 1 : k;
  }
  return out;
}
