import type { BodyStats } from './pdf-stats';
import type { PdfLine, PdfOutlineEntry } from './pdf-types';

/** A table of contents found on the pages: the pages it fills (dropped from the text) and its entries, in order. */
export interface PageToc {
  pages: Set<number>;
  entries: PdfOutlineEntry[];
}

export const contentsTitle = /^(?:table of contents|contents|table des matières|inhaltsverzeichnis|índice)$/i;
const listTitle = /^list of (?:figures|tables|algorithms|listings)$/i;
/** A contents row: its title, leader dots if any, and a page number (arabic or roman) at its end. */
const entryRow = /^(.*?\p{L}.*?)(?:\s*(?:\.\s*){2,}|\s*[·…]+\s*|\s+)(\d{1,4}|[ivxlc]{1,7})$/u;
const numberedTitle = /^((?:\d{1,2}|[A-Z])(?:\.\d{1,2}){0,4})\.?\s+(\S.*)$/;
const labelledTitle = /^(?:chapter|part|appendix|lecture|unit)\s+[\dIVXLC]{1,5}\b/i;

interface Row {
  page: number;
  x0: number;
  y: number;
  size: number;
  text: string;
}

/** Lines of one page merged by baseline ("2.1" and "Newton–Cotes 6" are one row of the contents). */
function rowsOf(lines: PdfLine[]): Row[] {
  const rows: Row[] = [];
  for (const l of [...lines].sort((a, b) => b.y - a.y || a.x0 - b.x0)) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(last.y - l.y) < 0.3 * l.size) {
      last.text = `${last.text} ${l.text}`;
      last.x0 = Math.min(last.x0, l.x0);
    } else rows.push({ page: l.page, x0: l.x0, y: l.y, size: l.size, text: l.text.trim() });
  }
  return rows;
}

/** A page's rows: its lines merged by baseline, and the rows of a table its contents were read as (dot leaders, page numbers). */
function pageRows(lines: PdfLine[]): Row[] {
  const plain = rowsOf(lines.filter((l) => !l.region));
  const tables = lines.filter((l) => l.region?.kind === 'table' && l.region.rows?.length);
  if (!tables.length) return plain;
  const out = [...plain];
  for (const t of tables) {
    const at = out.findIndex((r) => r.y < t.y);
    const rows = t.region!.rows!.map((cells, k) => ({
      page: t.page,
      x0: t.x0,
      y: t.y - k * 0.01,
      size: t.size,
      text: cells.join(' ').replace(/\s+/g, ' ').trim(),
    }));
    out.splice(at < 0 ? out.length : at, 0, ...rows.filter((r) => r.text));
  }
  return out;
}

/**
 * Where the contents end on a contents page: the baseline of its last entry (a row ending in a page number, or the
 * bottom of the table it was read as). Text set below it (the first section, when the contents do not fill the page)
 * is the document's. Undefined when the page shows no entry row.
 */
export function contentsEnd(lines: PdfLine[]): number | undefined {
  const rows = rowsOf(lines.filter((l) => !l.region && !l.isMargin && l.text.trim()));
  const ends = rows.filter(isEntry).map((r) => r.y - 0.3 * r.size);
  for (const l of lines) if (l.region?.kind === 'table') ends.push(l.region.y0);
  return ends.length ? Math.min(...ends) : undefined;
}

/**
 * Where the contents run on at the head of the page after the contents page (when they do not end where that page
 * does): the top of that page's rows while each is an entry (a title and its page number) or a numbered entry's title
 * in the contents' type and at their left edge or set in from it (a title wrapped over two lines gets its number on the
 * second), up to the last row ending in a page number. Returns the lowest baseline of that run, or undefined when the
 * page opens with anything else (its first section's heading, set larger, stops the run).
 */
export function contentsTail(lines: PdfLine[], contents: PdfLine[]): number | undefined {
  const entries = rowsOf(contents.filter((l) => !l.region && !l.isMargin && l.text.trim())).filter(isEntry);
  if (!entries.length) return undefined;
  const size = entries[0].size;
  const left = Math.min(...entries.map((r) => r.x0));
  let end: number | undefined;
  for (const row of rowsOf(lines.filter((l) => !l.region && !l.isMargin && l.text.trim()))) {
    const like = Math.abs(row.size - size) < 0.1 * size && row.x0 >= left - 0.5 * size && row.x0 <= left + 3 * size;
    if (!like || !(isEntry(row) || numberedTitle.test(row.text))) break;
    if (isEntry(row)) end = row.y - 0.3 * row.size;
  }
  return end;
}

function isEntry(row: Row): boolean {
  // The cheap tests first: entryRow's lazy groups backtrack over every line of a long document.
  return row.text.length <= 160 && /[\divxlc]$/u.test(row.text) && entryRow.test(row.text);
}

/** Page numbers of the entries mostly go up (a contents page), unlike numbers ending lines of a table. */
function ascending(rows: Row[]): boolean {
  const numbers = rows
    .map((r) => entryRow.exec(r.text)?.[2])
    .filter((n): n is string => !!n && /^\d+$/.test(n))
    .map(Number);
  let up = 0;
  for (let i = 1; i < numbers.length; i++) if (numbers[i] >= numbers[i - 1]) up++;
  return numbers.length >= 2 && up >= (numbers.length - 1) * 0.8;
}

/**
 * Finds the table of contents in the first pages: a page headed "Contents" (or "Table of
 * Contents") with rows ending in page numbers, or a page made mostly of such rows with rising
 * numbers; following pages of the same kind continue it ("List of Figures" pages go with it).
 * Its entries (title with its numbering, depth from the numbering or the indentation) can stand
 * in for bookmarks.
 */
export function findPageToc(lines: PdfLine[], body: BodyStats): PageToc {
  const pages = new Set<number>();
  const entries: PdfOutlineEntry[] = [];
  const byPage = new Map<number, PdfLine[]>();
  for (const l of lines)
    if ((l.region ? l.region.kind === 'table' : l.text.trim()) && !l.isMargin && !l.isNote)
      byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  const numbers = [...byPage.keys()].sort((a, b) => a - b);
  const searchTo = Math.max(8, Math.ceil(numbers.length * 0.15));
  let inToc = false;
  for (const [k, page] of numbers.entries()) {
    if (k >= searchTo && !inToc) break;
    const rows = pageRows(byPage.get(page)!);
    const entryRows = rows.filter(isEntry);
    const headed = rows.slice(0, 3).findIndex((r) => contentsTitle.test(r.text.replace(/\s+/g, ' ')));
    const listed = rows.slice(0, 3).some((r) => listTitle.test(r.text.replace(/\s+/g, ' ')));
    const mostly = entryRows.length >= 4 && entryRows.length >= rows.length * 0.6 && ascending(entryRows);
    const starts = (headed >= 0 && entryRows.length >= 3) || (!inToc && mostly && entryRows.length >= 6);
    if (!(starts || (inToc && (mostly || listed)))) {
      if (inToc) break;
      continue;
    }
    inToc = true;
    pages.add(page);
    if (listed) continue;
    // A contents heading lower down (the contents set on the title page, under the title, authors and date): the rows
    // above it are no entries, though a date ending in a year reads like one.
    const heading = headed >= 0 ? headed : rows.findIndex((r) => contentsTitle.test(r.text.replace(/\s+/g, ' ').trim()));
    entries.push(...parseEntries(rows.slice(heading + 1), body));
  }
  return { pages, entries };
}

function parseEntries(rows: Row[], body: BodyStats): PdfOutlineEntry[] {
  const out: PdfOutlineEntry[] = [];
  const left = Math.min(...rows.map((r) => r.x0));
  let pending = '';
  for (const row of rows) {
    const m = entryRow.exec(row.text);
    if (!m) {
      // A long entry wraps: its first part has no page number.
      pending = pending ? `${pending} ${row.text}` : row.text;
      continue;
    }
    const title = `${pending ? `${pending} ` : ''}${m[1]}`.replace(/\s+/g, ' ').trim();
    pending = '';
    const numbered = numberedTitle.exec(title);
    let depth: number;
    if (numbered) depth = numbered[1].split('.').length - 1;
    else if (labelledTitle.test(title)) depth = 0;
    else depth = row.x0 - left > body.size * 1.5 ? 1 : 0;
    out.push({ title, depth });
  }
  return out;
}
