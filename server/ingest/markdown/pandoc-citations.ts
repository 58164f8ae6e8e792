/**
 * Pandoc's citations in a Markdown page: `[@key]`, `[@key, p. 142]`, `[see @a; @b, ch. 3]`, `[-@key]` (the year
 * only) and in-text `@key` or `@key [p. 33]`. Printed as typed they read "[@Parr2010, p. 142]". When the page
 * carries its bibliography (CSL YAML under `references:` in its front matter) a citation reads author-year, as
 * Pandoc's default style prints it ("(Parr 2010, p. 142)", "Parr (2010)"), and each cited entry joins the
 * document's reference list. Without one, a citation reads as its key ("(Parr2010, p. 142)") and the page's
 * warning names the keys once. Fenced and inline code are left as they are; an e-mail address is no citation.
 */

import { cslEntry, type BibEntry } from '../bibliography/bib-entry';

export type { BibEntry };

/** The citation key after "@": letters, digits and "_", with internal punctuation (`Parr2010`, `doe:2006.a`), or `{in braces}`. */
const key = String.raw`(?:\{[^{}\s]+\}|[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_]))*)`;
/** One citation inside brackets: an optional prefix, "-" to leave out the author, the key, an optional locator or suffix. */
const citeItem = new RegExp(String.raw`^\s*(.*?)(-?)@(${key})\s*(?:,\s*)?(.*?)\s*$`, 'u');
const bracketed = new RegExp(String.raw`\[([^\[\]\n]*?(?<![\p{L}\p{N}_])-?@${key}[^\[\]\n]*?)\](?![(\[:])`, 'gu');
const inText = new RegExp(String.raw`(?<![\p{L}\p{N}_@.\\/:=])@(${key})(?:\s\[([^\[\]\n]+)\](?![(\[]))?`, 'gu');

const unbrace = (k: string) => k.replace(/^\{|\}$/g, '');

function unquote(value: string): string {
  const v = value.trim();
  const quoted = /^"((?:[^"\\]|\\.)*)"$|^'([^']*)'$/.exec(v);
  return (quoted ? (quoted[1] ?? quoted[2] ?? '') : v).trim();
}

/**
 * The entries of CSL YAML `references:` in a page's front matter (the shape pandoc-citeproc and Quarto read), read
 * into CSL items and mapped as a CSL-JSON file's are (bibliography/bib-entry.ts).
 */
export function yamlReferences(yaml: string | undefined): BibEntry[] {
  return cslYamlItems(yaml).flatMap((item) => cslEntry(item) ?? []);
}

/** CSL fields holding a list of names, each `- family:` / `given:` / `literal:`. */
const nameFields = new Set(['author', 'editor']);

/**
 * The items of CSL YAML `references:` as CSL objects: `- id:` opens an item; each of its keys with a value is a
 * field; `author` and `editor` hold names (a `- ` line opens the next one); a date (`issued:` with lines below it:
 * `year: 2010`, `date-parts: [[2010]]`) keeps the text of those lines as its `raw` form.
 */
function cslYamlItems(yaml: string | undefined): Array<Record<string, unknown>> {
  if (!yaml) return [];
  const start = /^references:[ \t]*$/m.exec(yaml);
  if (!start) return [];
  const items: Array<Record<string, unknown>> = [];
  let item: Record<string, unknown> | undefined;
  // The indentation of the item's own keys, and the key the lines below it belong to.
  let keyIndent = 0;
  let field = '';
  for (const line of yaml.slice(start.index + start[0].length).split('\n')) {
    // The next top-level setting ends the list (its items may start in the first column).
    if (/^[^\s-]/.test(line)) break;
    if (!line.trim()) continue;
    const [, indent, dash, body] = /^(\s*)(-\s+)?(.*)$/.exec(line)!;
    if (dash && indent.length <= 2 && /^id:/.test(body)) {
      item = { id: unquote(body.slice(3)) };
      items.push(item);
      keyIndent = indent.length + dash.length;
      field = 'id';
      continue;
    }
    if (!item) continue;
    const pair = /^([\w-]+):\s*(.*)$/.exec(body);
    if (!dash && pair && indent.length === keyIndent) {
      field = pair[1];
      const value = unquote(pair[2]);
      if (nameFields.has(field)) item[field] = [];
      else item[field] = value || (field === 'issued' ? { raw: '' } : '');
      continue;
    }
    // A line below the current key: a name of a name list, or part of a date.
    const below = item[field];
    if (Array.isArray(below)) {
      if (dash || below.length === 0) below.push({});
      if (pair) (below[below.length - 1] as Record<string, string>)[pair[1]] = unquote(pair[2]);
    } else if (below && typeof below === 'object') {
      const date = below as { raw: string };
      date.raw = `${date.raw} ${body}`.trim();
    }
  }
  return items;
}

/** How the book names an entry's authors in a citation: "Parr", "Parr and Fisher", "Aho et al.". */
function authorNames(e: BibEntry): string {
  const a = e.authors;
  if (a.length === 0) return e.title ?? e.id;
  if (a.length === 1) return a[0];
  if (a.length === 2) return `${a[0]} and ${a[1]}`;
  return `${a[0]} et al.`;
}

/** An entry as a line of the reference list: "Parr, Terence (2010). Title. Publisher." (author-year). */
export function referenceLine(e: BibEntry): string {
  const authors = (e.fullNames ?? e.authors).join(', ');
  return [
    authors && `${authors} (${e.year ?? 'n.d.'}).`,
    e.title && `${e.title}.`,
    e.container && `${e.container}.`,
    e.publisher && `${e.publisher}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface CitationResult {
  text: string;
  /** Keys cited that the page's bibliography holds, in order of first citation. */
  cited: BibEntry[];
  /** Keys cited without an entry to resolve them. */
  unresolved: string[];
}

/** The page's text with its citations rendered (code left as it is). */
export function renderCitations(text: string, bibliography: BibEntry[]): CitationResult {
  const byId = new Map(bibliography.map((e) => [e.id, e]));
  const cited = new Map<string, BibEntry>();
  const unresolved = new Set<string>();
  if (!text.includes('@')) return { text, cited: [], unresolved: [] };
  // Keys the page cites in brackets somewhere: a bare "@key" naming one of them is a citation too.
  const bracketKeys = new Set<string>();
  for (const m of text.matchAll(bracketed))
    for (const item of m[1].split(';')) {
      const k = citeItem.exec(item)?.[3];
      if (k) bracketKeys.add(unbrace(k));
    }
  const look = (k: string) => {
    const e = byId.get(k);
    if (e) cited.set(k, e);
    else unresolved.add(k);
    return e;
  };
  const one = (prefix: string, suppress: boolean, k: string, suffix: string) => {
    const e = look(k);
    const name = e ? authorNames(e) : k;
    const year = e ? (e.year ?? 'n.d.') : '';
    const core = e ? (suppress ? year : `${name} ${year}`) : k;
    return [prefix.trim(), core + (suffix ? `, ${suffix.replace(/^,\s*/, '')}` : '')].filter(Boolean).join(' ');
  };
  const rewrite = (part: string) =>
    part
      .replace(bracketed, (whole, inner: string) => {
        const items = inner.split(';').map((s) => citeItem.exec(s));
        if (items.some((m) => !m)) return whole;
        return `(${items.map((m) => one(m![1], m![2] === '-', unbrace(m![3]), m![4])).join('; ')})`;
      })
      .replace(inText, (whole, k: string, locator?: string) => {
        const id = unbrace(k);
        // A bare "@name" is a citation when the page's bibliography or its bracketed citations know it, or it reads as one (a year in it).
        if (!byId.has(id) && !bracketKeys.has(id) && !/\d{4}/.test(id)) return whole;
        const e = look(id);
        if (!e) return locator ? `${id} (${locator})` : id;
        return `${authorNames(e)} (${e.year ?? 'n.d.'}${locator ? `, ${locator}` : ''})`;
      });
  // Fenced code and inline code are copied as they are.
  const out = text
    .split(/(^[ \t]*(?:```|~~~)[\s\S]*?^[ \t]*(?:```|~~~)[ \t]*$)/m)
    .map((block, i) =>
      i % 2 === 1
        ? block
        : block
            .split(/(`+[^`]*?`+)/)
            .map((piece, j) => (j % 2 === 1 ? piece : rewrite(piece)))
            .join(''),
    )
    .join('');
  return { text: out, cited: [...cited.values()], unresolved: [...unresolved] };
}
