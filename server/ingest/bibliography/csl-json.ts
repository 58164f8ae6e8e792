import { cslEntry, type BibEntry } from './bib-entry';

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
    // An object with neither a title, authors nor a type is no bibliography item (a package.json's list, say).
    if (!(o.title || o.author || o.type)) continue;
    const entry = cslEntry(o);
    if (!entry || seen.has(entry.id)) continue;
    seen.add(entry.id);
    entries.push(entry);
  }
  return entries;
}
