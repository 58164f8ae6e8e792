/**
 * Scholarly identifiers found in text: DOIs, arXiv ids, ISBNs (checksums
 * validated, so a phone number never becomes a book) and URLs.
 */

const doiPattern = /\b(10\.\d{4,9}\/[^\s"'<>{}|\\^`]+)/g;
const arxivNew = /\barXiv:\s?(\d{4}\.\d{4,5})(v\d+)?\b/gi;
const arxivOld = /\barXiv:\s?([a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?\b/gi;
const arxivUrl = /\barxiv\.org\/(?:abs|pdf)\/(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?/gi;
const isbnPattern = /\bISBN(?:-1[03])?:?\s*((?:97[89][-\s]?)?\d(?:[-\s]?\d){8}[-\s]?[\dXx])\b/g;
const urlPattern = /\b(?:https?:\/\/|www\.)[^\s<>"'()\[\]{}]+/gi;

/** Sentence punctuation that follows an identifier is not part of it. */
function trimTrailing(value: string): string {
  let v = value.replace(/[.,;:!?'"”’]+$/, '');
  // A closing parenthesis belongs to the identifier only when it opened one inside it.
  while (v.endsWith(')') && (v.match(/\(/g)?.length ?? 0) < (v.match(/\)/g)?.length ?? 0)) {
    v = v.slice(0, -1).replace(/[.,;:]+$/, '');
  }
  return v;
}

/** Lowercased bare DOI: "https://doi.org/10.1/ABC" and "doi:10.1/abc" both give "10.1/abc". */
export function normalizeDoi(value: string): string {
  return value
    .trim()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '')
    .toLowerCase();
}

export function isDoi(value: string): boolean {
  return /^10\.\d{4,9}\/\S+$/.test(normalizeDoi(value));
}

export function findDois(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(doiPattern)) found.add(normalizeDoi(trimTrailing(m[1])));
  return [...found];
}

export function isArxivId(value: string): boolean {
  return /^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})(v\d+)?$/.test(value);
}

export function findArxivIds(text: string): string[] {
  const found = new Set<string>();
  for (const pattern of [arxivNew, arxivOld, arxivUrl]) {
    for (const m of text.matchAll(pattern)) found.add(m[1]);
  }
  return [...found];
}

/** ISBN-10 (mod 11, X = 10) or ISBN-13 (weights 1,3; prefix 978/979). */
export function isValidIsbn(raw: string): boolean {
  const s = raw.replace(/[-\s]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(s)) {
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += (s[i] === 'X' ? 10 : Number(s[i])) * (10 - i);
    return sum % 11 === 0;
  }
  if (/^97[89]\d{10}$/.test(s)) {
    let sum = 0;
    for (let i = 0; i < 13; i++) sum += Number(s[i]) * (i % 2 === 0 ? 1 : 3);
    return sum % 10 === 0;
  }
  return false;
}

export function normalizeIsbn(raw: string): string {
  return raw.replace(/[-\s]/g, '').toUpperCase();
}

/**
 * The book an ISBN names, the same for its ISBN-10 and its ISBN-13 ("0470048158" and "978-0470048153"): the 978 prefix
 * and the nine digits they share, check digits aside.
 */
export function isbnBook(isbn: string): string {
  const s = normalizeIsbn(isbn);
  return s.length === 10 ? `978${s.slice(0, 9)}` : s.slice(0, 12);
}

export function findIsbns(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(isbnPattern)) if (isValidIsbn(m[1])) found.add(normalizeIsbn(m[1]));
  return [...found];
}

export function findUrls(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(urlPattern)) {
    const url = trimTrailing(m[0]);
    // "http://" alone or a host without a dot is not a link anyone can follow.
    if (!/^(?:https?:\/\/)?(?:www\.)?[^/\s]+\.[a-z]{2,}/i.test(url)) continue;
    found.add(url);
  }
  return [...found];
}

/** A followable address for a URL found as "www.example.org/x". */
export function absoluteUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `http://${url}`;
}

/** URLs that are only the identifier we already hold (doi.org, arxiv.org) add nothing. */
export function isIdentifierUrl(url: string): boolean {
  return /^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i.test(url) || /arxiv\.org\/(?:abs|pdf)\//i.test(url);
}
