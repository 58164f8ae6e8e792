import { z } from 'zod';
import { clip, emptyFound, type FoundReference } from '../found-reference';
import { isDoi, normalizeDoi } from '../identifiers';
import { stripMarkup } from '../markup';
import { mapRecords, nonCitableTypes, UnexpectedResponseError, type MapResult } from './map-result';

const sourceSchema = z.object({
  display_name: z.string().nullish(),
  host_organization_name: z.string().nullish(),
});
const locationSchema = z.object({
  landing_page_url: z.string().nullish(),
  source: sourceSchema.nullish(),
});
export const openAlexWork = z.object({
  id: z.string().nullish(),
  doi: z.string().nullish(),
  title: z.string().nullish(),
  display_name: z.string().nullish(),
  publication_year: z.number().nullish(),
  type: z.string().nullish(),
  is_retracted: z.boolean().nullish(),
  is_paratext: z.boolean().nullish(),
  primary_location: locationSchema.nullish(),
  authorships: z.array(z.object({ author: z.object({ display_name: z.string().nullish() }).nullish() })).nullish(),
  abstract_inverted_index: z.record(z.string(), z.array(z.number())).nullish(),
  ids: z.object({ arxiv: z.string().nullish() }).nullish(),
});
export type OpenAlexWork = z.infer<typeof openAlexWork>;

/**
 * OpenAlex ships abstracts as {word: [positions]} (for licensing reasons);
 * putting each word back at its positions restores the text (publishers'
 * JATS tags come along as words, so callers strip markup afterwards).
 */
export function rebuildAbstract(index: Record<string, number[]>): string {
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    for (const p of positions) if (Number.isInteger(p) && p >= 0 && p < 100_000) words[p] = word;
  }
  return words.filter((w) => w !== undefined).join(' ');
}

export function mapOpenAlexWork(raw: unknown): FoundReference | string {
  const parsed = openAlexWork.safeParse(raw);
  if (!parsed.success) return `not an OpenAlex work: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
  const work = parsed.data;
  const title = (work.title ?? work.display_name ?? '').trim();
  if (!title) return 'no title';
  if (work.is_retracted) return 'retracted';
  if (work.is_paratext || nonCitableTypes.has(work.type ?? '')) return `not a citable work (${work.type ?? 'paratext'})`;
  const found = emptyFound('openalex');
  found.title = title;
  found.authors = (work.authorships ?? []).map((a) => a.author?.display_name?.trim() ?? '').filter(Boolean);
  if (work.publication_year) found.year = work.publication_year;
  const source = work.primary_location?.source;
  found.publisher = source?.display_name?.trim() || source?.host_organization_name?.trim() || '';
  if (work.doi && isDoi(work.doi)) found.doi = normalizeDoi(work.doi);
  found.url = found.doi ? `https://doi.org/${found.doi}` : work.primary_location?.landing_page_url || work.id || '';
  if (work.abstract_inverted_index) found.description = clip(stripMarkup(rebuildAbstract(work.abstract_inverted_index)));
  if (work.id) found.externalId = work.id.replace(/^https:\/\/openalex\.org\//, '');
  return found;
}

/** A `/works?search=` list (`{meta, results}`) or a single `/works/{id}` object. */
export function mapOpenAlexResponse(body: unknown): MapResult {
  if (body && typeof body === 'object' && Array.isArray((body as { results?: unknown }).results)) {
    return mapRecords((body as { results: unknown[] }).results, mapOpenAlexWork);
  }
  if (body && typeof body === 'object' && 'id' in body) return mapRecords([body], mapOpenAlexWork);
  throw new UnexpectedResponseError('OpenAlex', 'neither a work list nor a work');
}
