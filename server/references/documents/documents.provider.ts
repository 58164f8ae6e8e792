import type { ExtractedDocument } from '@server/core/document-model';
import { emptyFound, type FoundReference } from '../found-reference';
import { absoluteUrl, findArxivIds, findDois, findIsbns, findUrls, isbnBook, isIdentifierUrl } from '../identifiers';
import { locateBibliography, splitBibliography, splitRunOnEntries } from './bibliography-section';
import { parseCitation, type ParsedCitation } from './citation-parser';

/** URLs found in running text are many (footers, e-mail signatures): only the first few per document are offered. */
const maxLooseUrlsPerDocument = 10;

/**
 * The bibliography entries of one document, parsed. The ingest step may have
 * split them already (from the PDF layout); we also look for the section in
 * the text ourselves, and keep whichever reading yields more citations.
 */
export function parseBibliography(doc: Pick<ExtractedDocument, 'text' | 'blocks' | 'bibliography'>): ParsedCitation[] {
  const readings: string[][] = [];
  if (doc.bibliography?.length) readings.push(splitRunOnEntries(doc.bibliography));
  const blocks = doc.blocks?.filter((b) => b.kind === 'bibliography').map((b) => b.text) ?? [];
  if (blocks.length) readings.push(blocks.length === 1 ? splitBibliography(blocks[0]) : splitRunOnEntries(blocks));
  const span = locateBibliography(doc.text);
  if (span) readings.push(splitBibliography(span.section));
  let best: ParsedCitation[] = [];
  for (const entries of readings) {
    const parsed = entries
      .filter((e) => !isNotACitation(e))
      .map(parseCitation)
      .filter((c): c is ParsedCitation => c !== undefined && namesAWork(c))
      // A private file store or a local address is no place to find a work: the entry keeps its other parts.
      .map((c) => (c.url && notAWorkUrl.test(absoluteUrl(c.url)) ? { ...c, url: undefined } : c));
    if (parsed.length > best.length) best = parsed;
  }
  return best;
}

/**
 * Lines a reference section can run into that cite nothing: a contents line with dot leaders
 * ("1 High-level view of a block cipher . . . 5"), an abbreviation ("AES Advanced Encryption
 * Standard"), the heading of a list ("List of Figures").
 */
export function isNotACitation(entry: string): boolean {
  const line = entry.replace(/\s+/g, ' ').trim();
  if (/(?:\.\s?){4,}\s*\d*\s*$|(?:\.\s){4,}/.test(line)) return true;
  if (/^list of \p{L}+$/iu.test(line)) return true;
  const hasYear = /\b(?:1[5-9]|20)\d\d\b/.test(line);
  return (
    !hasYear &&
    !/https?:\/\/|doi|isbn|arxiv/i.test(line) &&
    /^\p{Lu}[\p{Lu}\p{N}]*[\p{L}\p{N}]*\s+\p{Lu}[\p{Ll}-]+(?:\s+(?:\p{Lu}[\p{Ll}-]+|of|and|for|the|in|to|on|\([^)]*\)))*$/u.test(line) &&
    /^\p{Lu}{2}/u.test(line)
  );
}

/** The text without its bibliography section: identifiers there were already read from the entries. */
function runningText(text: string): string {
  const span = locateBibliography(text);
  return span ? `${text.slice(0, span.start)}\n${text.slice(span.end)}` : text;
}

/**
 * A bibliography entry that names a real work: a title with authors or a year, or an identifier
 * (DOI, arXiv id, ISBN), or a public link with a title of some words. "Reference 3", "Slides:"
 * with a OneDrive link or a localhost copy name no work.
 */
export function namesAWork(c: ParsedCitation): boolean {
  if (c.doi || c.arxivId || c.isbn) return true;
  const title = c.title.trim();
  if (!title || /^(?:reference|ref\.?|source|item|entry)\s*\d*$/i.test(title)) return false;
  const url = c.url && !notAWorkUrl.test(absoluteUrl(c.url)) ? c.url : undefined;
  if (c.authors.length > 0 || c.year) return title.split(/\s+/).length >= 2 || c.authors.length > 0;
  // A named resource at a public address ("SPECJVM98 - http://www.spec.org/jvm98/"), not a label for a link ("Slides", "Local copy").
  return (
    !!url &&
    !/^(?:slides?|links?|here|web ?site|web ?page|page|home ?page|local copy|copy|notes|handout|download|pdf|video|recording|online)$/i.test(
      title,
    )
  );
}

export function citationToFound(citation: ParsedCitation): FoundReference {
  const found = emptyFound('documents');
  found.title = citation.title;
  found.authors = citation.authors;
  found.year = citation.year;
  found.publisher = citation.venue;
  found.doi = citation.doi;
  found.arxivId = citation.arxivId;
  found.isbn = citation.isbn;
  found.url = citation.url
    ? absoluteUrl(citation.url)
    : citation.doi
      ? `https://doi.org/${citation.doi}`
      : citation.arxivId
        ? `https://arxiv.org/abs/${citation.arxivId}`
        : '';
  // The citation as printed tells the user where the reference came from.
  found.description = citation.text;
  return found;
}

/** The line around an identifier found in running text: its only description the document gives. */
function lineAround(text: string, needle: string): string {
  const at = text.indexOf(needle);
  if (at < 0) return '';
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end < 0 ? undefined : end).trim();
}

function looseIdentifiers(text: string, known: FoundReference[]): FoundReference[] {
  const knownDois = new Set(known.map((r) => r.doi).filter(Boolean));
  const knownArxiv = new Set(known.map((r) => r.arxivId).filter(Boolean));
  // A book whose line gives both its ISBN-10 and its ISBN-13 is one work.
  const knownIsbn = new Set(known.flatMap((r) => (r.isbn ? [isbnBook(r.isbn)] : [])));
  const knownUrls = new Set(known.map((r) => r.url).filter(Boolean));
  const out: FoundReference[] = [];
  const add = (fill: (f: FoundReference) => void, needle: string) => {
    const found = emptyFound('documents');
    fill(found);
    found.description = lineAround(text, needle);
    // The line that cites the identifier names the work too: "Rapid sky localisation (Singer & Price, arXiv:1508.03634)".
    if (!found.title) found.title = titleForIdentifier(found.description, needle) ?? '';
    out.push(found);
  };
  for (const doi of findDois(text)) {
    if (!knownDois.has(doi)) add((f) => ((f.doi = doi), (f.url = `https://doi.org/${doi}`)), doi.split('/')[0]);
  }
  for (const id of findArxivIds(text)) {
    if (!knownArxiv.has(id)) add((f) => ((f.arxivId = id), (f.url = `https://arxiv.org/abs/${id}`)), id);
  }
  for (const isbn of findIsbns(text)) {
    if (knownIsbn.has(isbnBook(isbn))) continue;
    knownIsbn.add(isbnBook(isbn));
    add((f) => ((f.isbn = isbn), (f.url = `https://openlibrary.org/isbn/${isbn}`)), isbn.slice(-4));
  }
  let urls = 0;
  const all = findUrls(text);
  const byTitle = new Map<string, FoundReference>();
  // A work the reference list holds already, named again in a sentence with a link, is that entry (the link may be
  // another work's the sentence names beside it).
  const listed = new Set(known.map((r) => r.title.trim().toLowerCase()).filter(Boolean));
  for (const url of all) {
    const absolute = absoluteUrl(url);
    if (isIdentifierUrl(url) || knownUrls.has(absolute) || /@/.test(url) || urls >= maxLooseUrlsPerDocument) continue;
    // A publisher's link holding a DOI or an arXiv id found above is that work, already listed by its identifier.
    if (out.some((f) => (f.doi && url.includes(f.doi)) || (f.arxivId && url.includes(f.arxivId)))) continue;
    // A link printed on page after page is the document's own site in its footer, not a work it cites.
    if (text.split(url).length - 1 >= 3) continue;
    // Only a link whose sentence names a work is a reference; the title comes from there.
    const title = notAWorkUrl.test(absolute) ? undefined : titleForLink(lineAround(text, url), url);
    if (!title || listed.has(title.trim().toLowerCase())) continue;
    knownUrls.add(absolute);
    // One work named with two links ("http://256.com/. ... http://256.com/256.html"): the more specific link.
    const same = byTitle.get(title.toLowerCase());
    if (same) {
      if (pathLength(absolute) > pathLength(same.url)) same.url = absolute;
      continue;
    }
    urls++;
    add((f) => ((f.url = absolute), (f.title = title)), url);
    byTitle.set(title.toLowerCase(), out[out.length - 1]);
  }
  return out;
}

function pathLength(url: string): number {
  return url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/$/, '').length;
}

/** Private file stores, local addresses and pictures: never a work to cite. */
const notAWorkUrl =
  /(onedrive\.live\.com|1drv\.ms|sharepoint\.com|drive\.google\.com\/(file|open)|docs\.google\.com\/(document|spreadsheets|presentation)\/d|dropbox\.com|box\.com\/s\/|localhost|127\.0\.0\.1|\.(png|jpe?g|gif|svg|webp)(\?|$))/i;
/** Page furniture around a link: a copyright line or a site footer names no work. */
const furnitureLine = /©|copyright|all rights reserved|terms of (use|service)|privacy policy|powered by/i;

/**
 * The quoted title a line gives the work at `needle` (its link or identifier): the last one before it, as a sentence
 * naming two works with their links reads ("... is \"A\" (https://a) by X. They re-examine \"B\" (https://b) ..."), else
 * the first one in the line.
 */
function quotedTitle(line: string, needle: string): string | undefined {
  const at = line.indexOf(needle);
  const quotes = [...line.matchAll(/[“"]([^”"]{4,200}?)[.,]?[”"]/g)].filter((q) => /\p{L}{3}/u.test(q[1]));
  const before = quotes.filter((q) => at >= 0 && (q.index ?? 0) + q[0].length <= at);
  return (before[before.length - 1] ?? quotes[0])?.[1].trim();
}

/**
 * The title of the work a link's sentence names: a quoted title ("The Story of 256."), else the
 * sentence itself when it reads as a citation (a name, then a title) of a few words; undefined
 * when the sentence names no work (a bare link, a footer, "click here").
 */
export function titleForLink(line: string, url: string): string | undefined {
  if (!line || furnitureLine.test(line)) return undefined;
  const quoted = quotedTitle(line, url);
  if (quoted) return quoted;
  const rest = line
    .replace(url, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const citation = /^\p{Lu}[\p{L}'’-]+,\s+(?:\p{Lu}[\p{L}.'’-]*\s*){1,3}[.,]\s+(.{8,160}?)[.,]?\s*(?:\(|\d{4}|$)/u.exec(rest);
  if (citation && citation[1].split(/\s+/).length >= 2) return citation[1].replace(/[.,;:]+$/, '').trim();
  return undefined;
}

/**
 * The `documents` provider: every bibliography entry of every uploaded
 * document, then DOIs, arXiv ids, ISBNs and URLs found elsewhere in its text.
 * Always on, needs no network, and invents nothing.
 */
export function findDocumentReferences(documents: Array<Pick<ExtractedDocument, 'text' | 'blocks' | 'bibliography'>>): FoundReference[] {
  const all: FoundReference[] = [];
  for (const doc of documents) {
    const cited = parseBibliography(doc).map(citationToFound);
    all.push(...cited, ...looseIdentifiers(runningText(doc.text), [...all, ...cited]));
  }
  return all;
}

/**
 * The title of the work a line cites by an identifier (an arXiv id, a DOI, an ISBN) in running text: a quoted title; the
 * words before a parenthesis that holds the authors and the identifier ("Unmodelled burst parameter estimation (oLIB)
 * (Lynch et al., arXiv:1511.05955)"); or the words after a list of initialled authors and before the identifier
 * ("D. W. Hogg, J. Bovy, D. Lang Data analysis recipes: Fitting a model to data, arXiv:1008.4686, 2010"). Undefined when
 * the line names no work of three words or more.
 */
export function titleForIdentifier(line: string, needle: string): string | undefined {
  const at = line.indexOf(needle);
  if (at < 0 || furnitureLine.test(line)) return undefined;
  const quoted = quotedTitle(line, needle);
  if (quoted) return quoted;
  const title = (words: string) => {
    const t = words
      .replace(/^[^\p{L}\p{N}“"(]+/u, '')
      .replace(/[\s,;:.]+$/, '')
      .trim();
    return t.split(/\s+/).length >= 3 && t.length <= 300 ? t : undefined;
  };
  const open = line.lastIndexOf('(', at);
  if (open > 0 && !line.slice(open, at).includes(')')) return title(line.slice(0, open));
  // The identifier's own prefix ("arXiv:", "doi: ", "https://doi.org/") is no part of the title.
  const head = line
    .slice(0, at)
    .replace(/\S*$/, '')
    .replace(/(?:arXiv|doi|isbn)(?:-1[03])?:?\s*$/i, '');
  const names = /^(?:(?:\p{Lu}\.\s?){1,3}\s*\p{Lu}[\p{L}'’-]+(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s+))+/u.exec(head);
  return names ? title(head.slice(names[0].length)) : undefined;
}
