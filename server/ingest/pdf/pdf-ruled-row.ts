import type { PdfMark } from './pdf-types';

/** A row as the table finder reads it: its cells (lines, with their type size) left to right, on one baseline. */
interface RuledRow {
  cells: ReadonlyArray<{ x0: number; x1: number; text: string; size?: number }>;
  y: number;
}

/**
 * A table of one row between two rules (booktabs' `\toprule` over it and `\bottomrule` under it: "Tierart | Name |
 * Geburtszeitpunkt | Gewicht [kg]", the header a sheet asks the students to set): a horizontal rule within about a line
 * above its baseline and one within about half a line under it, each reaching over the row's whole width, no longer than
 * twice it. Its cells are short and stand apart (two cells or more), and it ends no sentence: a remark set between two
 * rules is one cell of prose. Such a row is the table's header.
 */
export function ruledHeaderRow(row: RuledRow, marks: PdfMark[] | undefined): boolean {
  if (!marks?.length || row.cells.length < 2) return false;
  const cells = row.cells;
  const size = Math.max(...cells.map((c) => c.size ?? 0));
  if (size <= 0) return false;
  if (cells.some((c) => c.text.trim().length > 30) || /[.:;!?]$/.test(cells[cells.length - 1].text.trim())) return false;
  const left = Math.min(...cells.map((c) => c.x0));
  const right = Math.max(...cells.map((c) => c.x1));
  const spans = (m: PdfMark) =>
    m.kind === 'path' && m.y1 - m.y0 < 1.5 && m.x0 <= left + 1 && m.x1 >= right - 1 && m.x1 - m.x0 <= 2 * (right - left);
  const above = marks.some((m) => spans(m) && m.y0 > row.y + 0.6 * size && m.y0 < row.y + 1.6 * size);
  const below = marks.some((m) => spans(m) && m.y1 < row.y && m.y1 > row.y - 0.8 * size);
  return above && below;
}
