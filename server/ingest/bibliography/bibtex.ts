import type { BibEntry } from '../markdown/pandoc-citations';

/**
 * A BibTeX database (.bib, as BibDesk, JabRef, Zotero and Quarto write it) into the entries a Pandoc page cites:
 * `@type{key, field = {value} | "value" | 2011 | macro # "more", ...}`. `@string` macros are expanded, `@comment`
 * and `@preamble` and text between entries are skipped; LaTeX accents and escapes read as the characters they
 * stand for. Names are "Family, Given" or "Given von Family"; a braced name (`{World Bank}`) is one literal name.
 */

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const accents: Record<string, string> = {
  '"': '\u0308',
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  u: '\u0306',
  v: '\u030C',
  H: '\u030B',
  c: '\u0327',
  k: '\u0328',
  r: '\u030A',
};
const letters: Record<string, string> = {
  ss: 'ß',
  o: 'ø',
  O: 'Ø',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  aa: 'å',
  AA: 'Å',
  l: 'ł',
  L: 'Ł',
  i: 'ı',
  j: 'ȷ',
};

/** A field's LaTeX as text: accents composed, escapes and grouping braces gone, dashes and ties as typed would print. */
export function latexText(value: string): string {
  return value
    .replace(/\\([a-zA-Z]{1,2})\{\}/g, '\\$1 ')
    .replace(/\{?\\(["'`^~=.])\s*\{?\s*(\\[ij]|[A-Za-z])\s*\}?\}?/g, (_m, mark: string, base: string) =>
      `${base.startsWith('\\') ? base.slice(1) : base}${accents[mark]}`.normalize('NFC'),
    )
    .replace(
      /\{?\\([uvHckr])\s*\{\s*([A-Za-z])\s*\}\}?|\{?\\([uvHckr]) ([A-Za-z])\}?/g,
      (_m, m1?: string, b1?: string, m2?: string, b2?: string) => `${b1 ?? b2}${accents[(m1 ?? m2)!]}`.normalize('NFC'),
    )
    .replace(/\{?\\(ss|ae|AE|oe|OE|aa|AA|o|O|l|L)\b\s*\}?/g, (_m, name: string) => letters[name])
    .replace(/\\([&%$#_{}])/g, '$1')
    .replace(/\\(?:textit|textbf|emph|textsc|texttt|textrm|mathrm|url|href)\s*\{([^{}]*)\}/g, '$1')
    .replace(/---/g, '—')
    .replace(/--/g, '–')
    .replace(/(?<!\\)~/g, ' ')
    .replace(/\\(BibTeX|LaTeX|TeX)\b\s*/g, '$1')
    .replace(/\\[a-zA-Z]+\s*/g, '')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The top-level parts of a name list or name, split where `sep` stands outside braces. */
function splitTopLevel(text: string, sep: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      const m = sep.exec(text.slice(i));
      if (m && m.index === 0) {
        parts.push(text.slice(start, i));
        i += m[0].length - 1;
        start = i + 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** One BibTeX name as family name and full "Family, Given" form. */
function readName(raw: string): { family: string; full: string } {
  const name = raw.trim();
  if (/^\{[^{}]*\}$/.test(name)) {
    const literal = latexText(name);
    return { family: literal, full: literal };
  }
  const commaParts = splitTopLevel(name, /^,/);
  if (commaParts.length >= 2) {
    const family = latexText(commaParts[0]);
    const given = latexText(commaParts[commaParts.length - 1]);
    return { family, full: given ? `${family}, ${given}` : family };
  }
  const words = splitTopLevel(name, /^\s+/);
  if (words.length === 1) {
    const family = latexText(words[0]);
    return { family, full: family };
  }
  // "Ludwig van Beethoven": the family name starts at the first lower-case word (a "von" part) or is the last word.
  const von = words.findIndex((w, i) => i > 0 && i < words.length - 1 && /^[a-z]/.test(w));
  const at = von > 0 ? von : words.length - 1;
  const family = latexText(words.slice(at).join(' '));
  const given = latexText(words.slice(0, at).join(' '));
  return { family, full: `${family}, ${given}` };
}

/** Reads a braced or quoted value starting at `i` (at its opening delimiter); answers the raw inner text and the index after it. */
function readDelimited(text: string, i: number): [string, number] {
  const open = text[i];
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const ch = text[j];
    if (ch === '\\') {
      j++;
      continue;
    }
    if (open === '{') {
      if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) return [text.slice(i + 1, j), j + 1];
    } else if (j > i) {
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      else if (ch === '"' && depth === 0) return [text.slice(i + 1, j), j + 1];
    }
  }
  return [text.slice(i + 1), text.length];
}

/** The fields of an entry body (after its key), values with `#` joined and macros expanded. */
function readFields(body: string, strings: Map<string, string>): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const m = /^[\s,]*([A-Za-z][\w:.+-]*)\s*=\s*/.exec(body.slice(i));
    if (!m) break;
    const name = m[1].toLowerCase();
    i += m[0].length;
    let value = '';
    for (;;) {
      while (/\s/.test(body[i] ?? '')) i++;
      const ch = body[i];
      if (ch === '{' || ch === '"') {
        const [inner, next] = readDelimited(body, i);
        value += inner;
        i = next;
      } else {
        const word = /^[^\s,#}]+/.exec(body.slice(i))?.[0] ?? '';
        if (!word) break;
        value += /^\d+$/.test(word) ? word : (strings.get(word.toLowerCase()) ?? monthName(word) ?? word);
        i += word.length;
      }
      while (/\s/.test(body[i] ?? '')) i++;
      if (body[i] !== '#') break;
      i++;
    }
    fields.set(name, value);
  }
  return fields;
}

/** An entry written `@type(key, ...)`: its body up to the parenthesis that closes it outside braces. */
function readParenthesized(text: string, i: number): [string, number] {
  let depth = 0;
  for (let j = i + 1; j < text.length; j++) {
    const ch = text[j];
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === ')' && depth === 0) return [text.slice(i + 1, j), j + 1];
  }
  return [text.slice(i + 1), text.length];
}

const monthName = (word: string) => (monthNames.includes(word.toLowerCase()) ? word : undefined);

/** The entries of a BibTeX database; an entry without a key is skipped, a later entry of the same key ignored. */
export function parseBibtex(text: string): BibEntry[] {
  const entries: BibEntry[] = [];
  const seen = new Set<string>();
  const strings = new Map<string, string>();
  const at = /@\s*([A-Za-z]+)\s*([{(])/g;
  let m: RegExpExecArray | null;
  while ((m = at.exec(text))) {
    const type = m[1].toLowerCase();
    const openAt = m.index + m[0].length - 1;
    const body = m[2] === '{' ? readDelimited(text, openAt) : readParenthesized(text, openAt);
    at.lastIndex = body[1];
    const inner = body[0];
    if (type === 'comment' || type === 'preamble') continue;
    if (type === 'string') {
      for (const [name, value] of readFields(inner, strings)) strings.set(name, value);
      continue;
    }
    const comma = inner.indexOf(',');
    const id = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    if (!id || /[\s={}]/.test(id) || seen.has(id)) continue;
    seen.add(id);
    const fields = readFields(comma < 0 ? '' : inner.slice(comma + 1), strings);
    const people = fields.get('author') ?? fields.get('editor') ?? '';
    const names = splitTopLevel(people.replace(/\s+/g, ' '), /^\s+and\s+/i)
      .filter((n) => n.toLowerCase() !== 'others')
      .map(readName);
    const year = /\d{4}/.exec(fields.get('year') ?? fields.get('date') ?? '')?.[0];
    const field = (name: string) => {
      const v = fields.get(name);
      return v ? latexText(v) : undefined;
    };
    const entry: BibEntry = { id, authors: names.map((n) => n.family) };
    if (names.length) entry.fullNames = names.map((n) => n.full);
    if (year) entry.year = year;
    const title = field('title');
    if (title) entry.title = title;
    const container = field('journal') ?? field('journaltitle') ?? field('booktitle');
    if (container) entry.container = container;
    const publisher = field('publisher') ?? field('institution') ?? field('school') ?? field('organization');
    if (publisher) entry.publisher = publisher;
    entries.push(entry);
  }
  return entries;
}
