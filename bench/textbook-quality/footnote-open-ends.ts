/**
 * What a PDF's footnotes themselves end without a stop ("¹usually between 1 Ω and several hundred Ω", a note that is
 * only a web address), read from the page's text rows apart from the product's extraction: a footnote ends where its
 * page's next footnote starts, or with the page's last note line.
 */
import { endsOpen, openEndKey } from './fidelity';

/** A line of a page's text: its baseline (PDF points, y up), its largest type size and its text left to right. */
export interface TextRow {
  y: number;
  size: number;
  text: string;
}

/** A footnote's mark: a number or a symbol, raised on a baseline of its own or set before the note's first word. */
const markOnly = /^[\d*†‡§¶]{1,3}$/u;
const markFirst = /^[\d*†‡§¶]{1,3}\s*\p{L}/u;

/** The type size most of a document's characters are set in. */
export function bodySizeOf(rows: TextRow[]): number {
  const chars = new Map<number, number>();
  for (const r of rows) chars.set(Math.round(r.size * 2) / 2, (chars.get(Math.round(r.size * 2) / 2) ?? 0) + r.text.length);
  return [...chars].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/**
 * A page's rows under its text: smaller than the body type, below the page's last line of body text (a page number
 * aside), in the page's lower quarter (footnotes and their marks). A page of small type only has none.
 */
export function underTheText(rows: TextRow[], bodySize: number, pageHeight: number): TextRow[] {
  const body = rows.filter((r) => Math.abs(r.size - bodySize) < 0.5 && r.text.split(/\s+/).filter(Boolean).length >= 3);
  if (body.length === 0) return [];
  const lowestBody = Math.min(...body.map((r) => r.y));
  return rows.filter((r) => r.size < Math.max(0.9 * bodySize, bodySize - 0.5) && r.y < lowestBody && r.y < pageHeight / 4);
}

/**
 * The closing words (openEndKey) of a page's footnotes that end without a stop. Footnote lines: smaller than the body
 * type, below the page's last line of body text (a page number aside), in the page's lower quarter, from the first
 * that starts with a footnote's mark; rows top to bottom.
 */
export function footnoteOpenEnds(rows: TextRow[], bodySize: number, pageHeight: number): string[] {
  // A page of small type only (a chapter's exercises set small) has no footnotes under its text.
  const small = underTheText(rows, bodySize, pageHeight).filter((r) => !markOnly.test(r.text.trim()));
  const starts = (row: TextRow) => {
    if (markFirst.test(row.text.trim())) return true;
    // A mark raised just above the row's baseline, in smaller type still.
    return rows.some((m) => markOnly.test(m.text.trim()) && m.size < row.size && m.y > row.y && m.y - row.y < 0.6 * row.size);
  };
  // The notes start with a footnote's mark: small type before the first one is something else (a figure's labels).
  const first = small.findIndex(starts);
  const notes = first < 0 ? [] : small.slice(first);
  const ends: string[] = [];
  notes.forEach((row, i) => {
    const next = notes[i + 1];
    if (next && !starts(next)) return;
    const text = row.text.replace(/^[\d*†‡§¶]{1,3}\s*(?=\p{L})/u, '').trim();
    if (endsOpen(text)) ends.push(openEndKey(text));
  });
  return ends;
}
