import { defaultReferenceTitle } from '@common/references';
import type { Reference } from '@common/textbook';
import { normalizeDoi } from './identifiers';

/**
 * A reference as a provider found it, before it becomes the spec's Reference.
 * Every field comes from a document's text or an index record (docs/decisions.md
 * principle 2): providers leave a field empty rather than guess it.
 */
export interface FoundReference {
  title: string;
  authors: string[];
  year?: number | string;
  /** Venue (journal, proceedings) or publisher. */
  publisher: string;
  url: string;
  doi?: string;
  arxivId?: string;
  isbn?: string;
  /** The abstract, or the citation as written in the document. */
  description: string;
  /** Which provider found it (documents, openalex, crossref, ...). */
  source: string;
  /** The provider's own id (OpenAlex W-id, S2 paperId, ...). */
  externalId?: string;
}

/** Descriptions are shown in a panel: long abstracts are cut at a word boundary. */
export const descriptionMaxChars = 600;

export function clip(text: string, max = descriptionMaxChars): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > max * 0.6 ? lastSpace : max).replace(/[\s,;:.]+$/, '')}…`;
}

export function emptyFound(source: string): FoundReference {
  return { title: '', authors: [], publisher: '', url: '', description: '', source };
}

/** The spec's Reference shape; `n` is the 1-based position for the default title. */
export function toReference(found: FoundReference, n: number, approved = false): Reference {
  const doi = found.doi ? normalizeDoi(found.doi) : undefined;
  return {
    title: found.title.trim() || defaultReferenceTitle(n),
    description: found.description,
    authors: found.authors.join(', '),
    year: found.year ?? '',
    publisher: found.publisher,
    url: found.url || (doi ? `https://doi.org/${doi}` : ''),
    approved,
    ...(doi ? { doi } : {}),
    source: found.source,
  };
}

/** A stored Reference back into a FoundReference, so merging treats both alike. */
export function fromReference(reference: Reference): FoundReference {
  return {
    title: /^Reference \d+$/.test(reference.title) ? '' : reference.title,
    authors: reference.authors ? splitAuthorList(reference.authors) : [],
    year: reference.year === '' ? undefined : reference.year,
    publisher: reference.publisher ?? '',
    url: reference.url ?? '',
    doi: reference.doi ? normalizeDoi(reference.doi) : undefined,
    description: reference.description ?? '',
    source: reference.source ?? 'existing',
  };
}

/** "A. Aho, R. Sethi, and J. Ullman" -> ["A. Aho", "R. Sethi", "J. Ullman"]. */
export function splitAuthorList(text: string): string[] {
  return text
    .split(/\s*(?:;|,\s*and\s+|\band\s+|&|,)\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** "Family, Given" (CORE, Crossref CSL) -> "Given Family". */
export function givenFirst(name: string): string {
  const m = /^([^,]+),\s*([^,]+)$/.exec(name.trim());
  return m ? `${m[2]} ${m[1]}` : name.trim();
}

/** Years as numbers when they are plain four-digit years, else the string as given. */
export function toYear(value: unknown): number | string | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string') {
    const m = /^\s*(\d{4})(?:-\d{2}(?:-\d{2})?)?(?:T.*)?\s*$/.exec(value);
    if (m) return Number(m[1]);
    return value.trim() || undefined;
  }
  return undefined;
}
