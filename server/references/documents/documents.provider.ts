import type { ExtractedDocument } from '../../core/document-model';
import { emptyFound, type FoundReference } from '../found-reference';
import { absoluteUrl, findArxivIds, findDois, findIsbns, findUrls, isIdentifierUrl } from '../identifiers';
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
    const parsed = entries.map(parseCitation).filter((c): c is ParsedCitation => c !== undefined);
    if (parsed.length > best.length) best = parsed;
  }
  return best;
}

/** The text without its bibliography section: identifiers there were already read from the entries. */
function runningText(text: string): string {
  const span = locateBibliography(text);
  return span ? `${text.slice(0, span.start)}\n${text.slice(span.end)}` : text;
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
  const knownIsbn = new Set(known.map((r) => r.isbn).filter(Boolean));
  const knownUrls = new Set(known.map((r) => r.url).filter(Boolean));
  const out: FoundReference[] = [];
  const add = (fill: (f: FoundReference) => void, needle: string) => {
    const found = emptyFound('documents');
    fill(found);
    found.description = lineAround(text, needle);
    out.push(found);
  };
  for (const doi of findDois(text)) {
    if (!knownDois.has(doi)) add((f) => ((f.doi = doi), (f.url = `https://doi.org/${doi}`)), doi.split('/')[0]);
  }
  for (const id of findArxivIds(text)) {
    if (!knownArxiv.has(id)) add((f) => ((f.arxivId = id), (f.url = `https://arxiv.org/abs/${id}`)), id);
  }
  for (const isbn of findIsbns(text)) {
    if (!knownIsbn.has(isbn)) add((f) => ((f.isbn = isbn), (f.url = `https://openlibrary.org/isbn/${isbn}`)), isbn.slice(-4));
  }
  let urls = 0;
  for (const url of findUrls(text)) {
    const absolute = absoluteUrl(url);
    if (isIdentifierUrl(url) || knownUrls.has(absolute) || /@/.test(url) || urls >= maxLooseUrlsPerDocument) continue;
    knownUrls.add(absolute);
    urls++;
    add((f) => (f.url = absolute), url);
  }
  return out;
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
