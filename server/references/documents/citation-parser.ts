import { findArxivIds, findDois, findIsbns, findUrls, isIdentifierUrl } from '../identifiers';

/**
 * One bibliography entry split into its parts. Every field is a piece of the
 * entry's own text: a part that cannot be found is
 * left empty, never guessed.
 */
export interface ParsedCitation {
  /** The entry as printed, lines joined. */
  text: string;
  authors: string[];
  year?: number;
  title: string;
  venue: string;
  doi?: string;
  url?: string;
  arxivId?: string;
  isbn?: string;
}

const particle = '(?:(?:van|von|de|der|den|del|della|la|le|du|di|da|dos|bin|al|el|st\\.?)\\s)*';
const surname = "\\p{Lu}[\\p{L}'’`-]*\\p{L}";
const initials = '(?:\\p{Lu}\\.\\s?(?:-?\\p{Lu}\\.\\s?)*)';
/** A middle initial, with or without its full stop ("Josyula R. Rao", "Charanjit S Jutla"). */
const middle = '(?:\\p{Lu}\\.?\\s?(?:-?\\p{Lu}\\.?\\s?)*)';
/** "C. W. Probst", "K. S. McKinley", "Andreas Gal", "Mary K. Smith", "Jean-Pierre Seifert", "Hagai Bar-El". */
const givenFirstName = new RegExp(
  `^(?:${initials}|\\p{Lu}\\p{Ll}+(?:-\\p{Lu}\\p{Ll}+)?(?:\\s${middle})?\\s?)\\s?${particle}(?:${surname}\\s)?${surname}(?:\\s(?:Jr|Sr)\\.?|\\s(?:II|III|IV))?$`,
  'u',
);
/** "Gal, A." and "Turing, Alan M." (reversed, as APA and Harvard print them). */
const reversedName = new RegExp(`${particle}${surname}(?:\\s${surname})?,\\s(?:${initials}|\\p{Lu}\\p{Ll}+(?:\\s${initials})?)`, 'gu');

/** Joins the printed lines of an entry: hyphenated breaks, URLs broken across lines, plain breaks. */
export function joinEntryLines(entry: string): string {
  return (
    entry
      // "Hinterw¨ alder" -> "Hinterwälder": PDF text often sets an accent as a spacing mark before its letter.
      .replace(/([\u00a8\u00b4`\u02c6\u02dc])\s?([A-Za-z])/g, (_m, mark: string, letter: string) =>
        `${letter}${{ '\u00a8': '\u0308', '\u00b4': '\u0301', '`': '\u0300', '\u02c6': '\u0302', '\u02dc': '\u0303' }[mark] ?? ''}`.normalize(
          'NFC',
        ),
      )
      .replace(/((?:https?:\/\/|www\.)\S*[-/._~])[ \t]*\n[ \t]*(?=\S)/g, '$1')
      .replace(/(\d)-[ \t]*\n[ \t]*(\d)/g, '$1-$2')
      .replace(/(\p{Ll})[-\u2010\u2011][ \t]*\n[ \t]*(\p{Ll})/gu, '$1$2')
      .replace(/\s*\n\s*/g, ' ')
      .replace(/\s{2,}/g, ' ')
      .trim()
  );
}

const yearPattern = /\b(1[5-9]\d\d|20\d\d)[a-z]?\b/g;

function lastYear(text: string): number | undefined {
  const years = [...text.matchAll(yearPattern)].map((m) => Number(m[1]));
  const now = new Date().getFullYear() + 1;
  return years.reverse().find((y) => y <= now);
}

/** Splits "A. Aho, R. Sethi, and J. Ullman" and accepts it only if every part is a name. */
function initialsFirstAuthors(segment: string): string[] | undefined {
  const cleaned = segment.replace(/,?\s+et al\.?$/, '').trim();
  const parts = cleaned
    .split(/\s*,\s*(?:and\s+|&\s*)?|\s+(?:and|&)\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length || parts.length > 60) return undefined;
  return parts.every((p) => givenFirstName.test(p)) ? parts : undefined;
}

function reversedAuthors(segment: string): string[] | undefined {
  const names = [...segment.matchAll(reversedName)].map((m) => m[0].trim());
  if (!names.length) return undefined;
  // The names must make up the whole segment (apart from separators), or it is not an author list.
  const leftover = segment.replace(reversedName, '').replace(/[\s,.&]|and|et al/g, '');
  return leftover.length === 0 ? names : undefined;
}

/** Where the authors end in "A. Aho, R. Sethi. Title...": the first period after a word that is not an initial. */
function authorsEnd(text: string): number {
  const re = /\.\s/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text.slice(0, m.index);
    const word = /(\S+)$/.exec(before)?.[1] ?? '';
    if (/^\p{Lu}$/u.test(word) || /^(?:\p{Lu}\.)+-?\p{Lu}$/u.test(word)) continue;
    return m.index;
  }
  return -1;
}

/** The first sentence: up to ". " / "? " / "! " (a question mark stays in the title). */
function firstSentence(text: string): { sentence: string; rest: string } {
  const m = /([.?!])\s+(?=\S)/.exec(text);
  if (!m) return { sentence: text.replace(/[.\s]+$/, ''), rest: '' };
  const keep = m[1] === '.' ? '' : m[1];
  return { sentence: text.slice(0, m.index) + keep, rest: text.slice(m.index + m[0].length) };
}

/** "In Proceedings of X, pages 1–12. ACM Press, 2000." -> "Proceedings of X". */
function venueOf(rest: string): string {
  const first = firstSentence(rest.replace(/^In:?\s+/, '')).sentence;
  const venue = first
    .split(/,\s*(?:pages|pp?\.|vol\.|volume|no\.|chapter|ch\.)\s|\s*\((?:pages|pp?)\b/i)[0]
    .split(/,?\s+\d+\s*\(\d+\)|,\s*\d/)[0]
    .replace(/[\s,;:.-]+$/, '')
    .trim();
  return /\p{L}{2}/u.test(venue) && !/^(?:1[5-9]|20)\d\d[a-z]?$/.test(venue) && !/^[[(]/.test(venue) ? venue : '';
}

function cleanTitle(title: string): string {
  return title
    .replace(/^["“”'‘’]+|["“”'‘’]+$/g, '')
    .replace(/(?:\s+[-–—])+\s*$/, '')
    .replace(/[\s,;:]+$/, '')
    .trim();
}

/** Text that is mostly letters and has a word: what a real title looks like (not "&@ 6&> C&"). */
export function looksLikeText(text: string): boolean {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const hasWord = /\p{L}{3,}/u.test(text);
  return hasWord && !/[\x00-\x08\x0e-\x1f]/.test(text) && letters / Math.max(1, text.replace(/\s/g, '').length) >= 0.6;
}

/** An author-year entry label (natbib's apalike, plainnat): "[Hunter, 2019]", "[Haykin and Van Veen, 2007]", "[Mallat et al., 2015]". */
export const authorYearLabel = /\[\p{Lu}[\p{L}'’ .&-]{0,60}?,\s(?:1[5-9]|20)\d\d[a-z]?\]/u;

export function parseCitation(raw: string): ParsedCitation | undefined {
  // Entry labels: "[12]", "12.", "(12)", alphabetic keys ("[AARR03]", "[Wik15a]") and author-year labels
  // ("[Hunter, 2019]", "[Mallat et al., 2015]").
  const text = joinEntryLines(raw).replace(
    new RegExp(`^\\s*(?:\\[\\d{1,3}\\]|\\[\\p{L}[\\p{L}\\d+-]{0,11}\\]|${authorYearLabel.source}|\\d{1,3}\\.|\\(\\d{1,3}\\))\\s*`, 'u'),
    '',
  );
  const parsed: ParsedCitation = { text, authors: [], title: '', venue: '' };
  parsed.doi = findDois(text)[0];
  parsed.arxivId = findArxivIds(text)[0];
  parsed.isbn = findIsbns(text)[0];
  parsed.url = findUrls(text).find((u) => !isIdentifierUrl(u));
  // Identifiers are parsed; what remains is the bibliographic text.
  let body = text
    // The sentence's own full stop after an identifier stays: it ends the title or venue.
    .replace(/\b(?:https?:\/\/|www\.)\S+?([.,;]?)(?=\s|$)/g, ' $1')
    .replace(/\b(?:doi:?\s*)?10\.\d{4,9}\/\S+?([.,;]?)(?=\s|$)/gi, ' $1')
    .replace(/\barXiv:\s?\S+/gi, ' ')
    .replace(/\bISBN(?:-1[03])?:?\s*[\dXx][\d\sXx-]{8,16}[\dXx]/g, ' ')
    .replace(/\b(?:Available|Retrieved|Accessed)\b.*$/i, ' ')
    // The brackets an identifier stood in ("doi: 10.5860/x (http://dx.doi.org/10.5860/x)"): the address took its closing
    // bracket with it, the opening one is left alone at the end.
    .replace(/[([]\s*[)\]]?\s*(?=[.,;]?\s*$)/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  // Judged without its identifiers: a DOI's digits would make a short, real entry look like noise.
  if (!looksLikeText(body.length >= 10 ? body : text)) return undefined;

  const apa = /^(.+?)\s\((\d{4})[a-z]?(?:,[^)]*)?\)\.?\s+(.*)$/.exec(body);
  if (apa) {
    const authors = reversedAuthors(apa[1]) ?? initialsFirstAuthors(apa[1].replace(/[.,\s]+$/, ''));
    if (authors) {
      parsed.authors = authors;
      parsed.year = Number(apa[2]);
      body = apa[3];
    }
  }
  if (!parsed.authors.length) {
    const end = authorsEnd(body);
    const authors = end > 0 ? (initialsFirstAuthors(body.slice(0, end)) ?? reversedAuthors(body.slice(0, end))) : undefined;
    if (authors) {
      parsed.authors = authors;
      body = body.slice(end + 1).trim();
    }
  }
  // "Wikipedia. Algebraic normal form ...", "NIST. FIPS 46-3 ...": an organisation as the author.
  const organisation = /^(\p{Lu}[\p{L}&-]{1,30})\.\s+(?=\S)/u.exec(body);
  if (!parsed.authors.length && organisation && firstSentence(body.slice(organisation[0].length)).sentence.split(/\s+/).length >= 2) {
    parsed.authors = [organisation[1]];
    body = body.slice(organisation[0].length);
  }
  const { sentence, rest } = firstSentence(body);
  // "Compilers: Principles, techniques, and tools, 2006." - the year closes the title sentence.
  const trailingYear = /,\s*((?:1[5-9]|20)\d\d)[a-z]?$/.exec(sentence);
  parsed.title = cleanTitle(trailingYear ? sentence.slice(0, trailingYear.index) : sentence);
  if (!looksLikeText(parsed.title)) parsed.title = '';
  parsed.year ??= trailingYear ? Number(trailingYear[1]) : lastYear(rest);
  parsed.venue = venueOf(rest);
  if (!parsed.title && !parsed.doi && !parsed.url && !parsed.isbn && !parsed.arxivId) return undefined;
  return parsed;
}
