import type { BibEntry } from '../markdown/pandoc-citations';

interface CslName {
  family?: unknown;
  given?: unknown;
  literal?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function cslName(n: CslName): { family: string; full: string } | undefined {
  const literal = str(n.literal);
  if (literal) return { family: literal, full: literal };
  const family = str(n.family);
  if (!family) return undefined;
  const given = str(n.given);
  return { family, full: given ? `${family}, ${given}` : family };
}

function cslYear(issued: unknown): string | undefined {
  if (!issued || typeof issued !== 'object') return /\d{4}/.exec(str(issued))?.[0];
  const date = issued as { 'date-parts'?: unknown; raw?: unknown; literal?: unknown };
  const parts = Array.isArray(date['date-parts']) ? date['date-parts'] : [];
  const first = Array.isArray(parts[0]) ? str(parts[0][0]) : '';
  return /\d{4}/.exec(first || str(date.raw) || str(date.literal))?.[0];
}

/**
 * The items of a CSL-JSON bibliography (what Zotero, citation.js and Pandoc's `--bibliography x.json` read):
 * an array of objects with an `id`, their `author` (or `editor`) names, `issued` year, `title`,
 * `container-title` and `publisher`. Anything else (JSON that is no such list) gives no entries.
 */
export function parseCslJson(text: string): BibEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return [];
  }
  const items = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)
      ? (data as { items: unknown[] }).items
      : [];
  const entries: BibEntry[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const id = str(o.id);
    if (!id || seen.has(id) || !(o.title || o.author || o.type)) continue;
    seen.add(id);
    const people = Array.isArray(o.author) ? o.author : Array.isArray(o.editor) ? o.editor : [];
    const names = people.flatMap((n) => (n && typeof n === 'object' ? (cslName(n as CslName) ?? []) : []));
    const entry: BibEntry = { id, authors: names.map((n) => n.family) };
    if (names.length) entry.fullNames = names.map((n) => n.full);
    const year = cslYear(o.issued);
    if (year) entry.year = year;
    const title = str(o.title);
    if (title) entry.title = title;
    const container = str(o['container-title']);
    if (container) entry.container = container;
    const publisher = str(o.publisher);
    if (publisher) entry.publisher = publisher;
    entries.push(entry);
  }
  return entries;
}
