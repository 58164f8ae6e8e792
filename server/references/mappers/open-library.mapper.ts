import { z } from 'zod';
import { emptyFound, type FoundReference } from '../found-reference';
import { isValidIsbn, normalizeIsbn } from '../identifiers';
import { mapRecords, UnexpectedResponseError, type MapResult } from './map-result';

export const openLibraryDoc = z.object({
  key: z.string().nullish(),
  title: z.string().nullish(),
  subtitle: z.string().nullish(),
  author_name: z.array(z.string()).nullish(),
  first_publish_year: z.number().nullish(),
  publisher: z.array(z.string()).nullish(),
  isbn: z.array(z.string()).nullish(),
});

export function mapOpenLibraryDoc(raw: unknown): FoundReference | string {
  const parsed = openLibraryDoc.safeParse(raw);
  if (!parsed.success) return `not an Open Library record: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
  const doc = parsed.data;
  const title = doc.title?.trim();
  if (!title) return 'no title';
  const found = emptyFound('openlibrary');
  found.title = doc.subtitle?.trim() ? `${title}: ${doc.subtitle.trim()}` : title;
  found.authors = (doc.author_name ?? []).map((a) => a.trim()).filter(Boolean);
  if (doc.first_publish_year) found.year = doc.first_publish_year;
  found.publisher = doc.publisher?.find((p) => p.trim())?.trim() ?? '';
  // Prefer the 13-digit form: it is what libraries and shops search by.
  const isbns = (doc.isbn ?? []).filter(isValidIsbn).map(normalizeIsbn);
  found.isbn = isbns.find((i) => i.length === 13) ?? isbns[0];
  if (doc.key) found.url = `https://openlibrary.org${doc.key.startsWith('/') ? '' : '/'}${doc.key}`;
  else if (found.isbn) found.url = `https://openlibrary.org/isbn/${found.isbn}`;
  if (doc.key) found.externalId = doc.key;
  return found;
}

/** `/search.json` answers `{numFound, docs}`. */
export function mapOpenLibraryResponse(body: unknown): MapResult {
  const docs = body && typeof body === 'object' ? (body as { docs?: unknown }).docs : undefined;
  if (!Array.isArray(docs)) throw new UnexpectedResponseError('Open Library', 'no docs list');
  return mapRecords(docs, mapOpenLibraryDoc);
}
