import { z } from 'zod';
import { clip, emptyFound, givenFirst, toYear, type FoundReference } from '../found-reference';
import { isArxivId, isDoi, normalizeDoi } from '../identifiers';
import { stripMarkup } from '../markup';
import { mapRecords, UnexpectedResponseError, type MapResult } from './map-result';

export const coreWork = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  title: z.string().nullish(),
  doi: z.string().nullish(),
  arxivId: z.string().nullish(),
  abstract: z.string().nullish(),
  authors: z.array(z.object({ name: z.string().nullish() })).nullish(),
  yearPublished: z.number().nullish(),
  publishedDate: z.string().nullish(),
  publisher: z.string().nullish(),
  journals: z.array(z.object({ title: z.string().nullish() })).nullish(),
  downloadUrl: z.string().nullish(),
  links: z.array(z.object({ type: z.string().nullish(), url: z.string().nullish() })).nullish(),
});

/** CORE copies publisher names from OAI records, sometimes still quoted: "'WHO Press'". */
function unquote(text: string): string {
  return text
    .trim()
    .replace(/^'(.*)'$/, '$1')
    .trim();
}

export function mapCoreWork(raw: unknown): FoundReference | string {
  const parsed = coreWork.safeParse(raw);
  if (!parsed.success) return `not a CORE work: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
  const work = parsed.data;
  const title = work.title?.replace(/\s+/g, ' ').trim();
  if (!title) return 'no title';
  const found = emptyFound('core');
  found.title = title;
  found.authors = (work.authors ?? []).map((a) => givenFirst(a.name ?? '')).filter(Boolean);
  found.year = work.yearPublished ?? toYear(work.publishedDate ?? undefined);
  found.publisher = work.journals?.find((j) => j.title?.trim())?.title?.trim() || unquote(work.publisher ?? '');
  if (work.doi && isDoi(work.doi)) found.doi = normalizeDoi(work.doi);
  if (work.arxivId && isArxivId(work.arxivId)) found.arxivId = work.arxivId;
  const reader = work.links?.find((l) => l.type === 'display' || l.type === 'reader')?.url;
  found.url = found.doi ? `https://doi.org/${found.doi}` : work.downloadUrl || reader || '';
  if (work.abstract) found.description = clip(stripMarkup(work.abstract));
  if (work.id !== null && work.id !== undefined) found.externalId = String(work.id);
  return found;
}

/** `/v3/search/works` answers `{totalHits, results}`. */
export function mapCoreResponse(body: unknown): MapResult {
  const results = body && typeof body === 'object' ? (body as { results?: unknown }).results : undefined;
  if (!Array.isArray(results)) throw new UnexpectedResponseError('CORE', 'no results list');
  return mapRecords(results, mapCoreWork);
}
