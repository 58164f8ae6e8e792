/** An entry of a page's bibliography, as citations and the reference list read it (from BibTeX, CSL JSON or CSL YAML). */
export interface BibEntry {
  id: string;
  /** Family names (or a literal name), as a citation prints them. */
  authors: string[];
  /** The same names as the reference list prints them: "Parr, Terence". */
  fullNames?: string[];
  year?: string;
  title?: string;
  container?: string;
  publisher?: string;
}

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
 * One CSL item (CSL JSON, or CSL YAML read into the same shape) as a bibliography entry: its `id`, its `author` (or
 * `editor`) names, the year it was `issued`, its `title`, `container-title` and `publisher`. No id: no entry.
 */
export function cslEntry(item: Record<string, unknown>): BibEntry | undefined {
  const id = str(item.id);
  if (!id) return undefined;
  const people = Array.isArray(item.author) ? item.author : Array.isArray(item.editor) ? item.editor : [];
  const names = people.flatMap((n) => (n && typeof n === 'object' ? (cslName(n as CslName) ?? []) : []));
  const entry: BibEntry = { id, authors: names.map((n) => n.family) };
  if (names.length) entry.fullNames = names.map((n) => n.full);
  const year = cslYear(item.issued);
  if (year) entry.year = year;
  const title = str(item.title);
  if (title) entry.title = title;
  const container = str(item['container-title']);
  if (container) entry.container = container;
  const publisher = str(item.publisher);
  if (publisher) entry.publisher = publisher;
  return entry;
}
