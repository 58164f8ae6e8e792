import { z } from 'zod';
import { clip, emptyFound, type FoundReference } from '../found-reference';
import { isDoi, normalizeDoi } from '../identifiers';
import { stripMarkup } from '../markup';
import { mapRecords, nonCitableTypes, UnexpectedResponseError, type MapResult } from './map-result';

/** Crossref lists titles as arrays; CSL-JSON (DOI content negotiation) as strings. */
const textOrList = z.union([z.string(), z.array(z.string())]).nullish();
const dateParts = z.object({ 'date-parts': z.array(z.array(z.union([z.number(), z.string(), z.null()]))).nullish() }).nullish();

export const crossrefWork = z.object({
  DOI: z.string().nullish(),
  URL: z.string().nullish(),
  title: textOrList,
  subtitle: textOrList,
  type: z.string().nullish(),
  author: z.array(z.object({ given: z.string().nullish(), family: z.string().nullish(), name: z.string().nullish() })).nullish(),
  'container-title': textOrList,
  publisher: z.string().nullish(),
  abstract: z.string().nullish(),
  issued: dateParts,
  published: dateParts,
  'published-print': dateParts,
  'published-online': dateParts,
});
export type CrossrefWork = z.infer<typeof crossrefWork>;

function first(value: string | string[] | null | undefined): string {
  if (Array.isArray(value)) return value.find((v) => v.trim())?.trim() ?? '';
  return value?.trim() ?? '';
}

function yearOf(work: CrossrefWork): number | undefined {
  for (const date of [work.issued, work.published, work['published-print'], work['published-online']]) {
    const year = Number(date?.['date-parts']?.[0]?.[0]);
    if (Number.isInteger(year) && year > 0) return year;
  }
  return undefined;
}

export function mapCrossrefWork(raw: unknown): FoundReference | string {
  const parsed = crossrefWork.safeParse(raw);
  if (!parsed.success) return `not a Crossref work: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
  const work = parsed.data;
  const title = stripMarkup(first(work.title));
  if (!title) return 'no title';
  if (nonCitableTypes.has(work.type ?? '')) return `not a citable work (${work.type})`;
  const found = emptyFound('crossref');
  const subtitle = stripMarkup(first(work.subtitle));
  found.title = subtitle && !title.includes(subtitle) ? `${title}: ${subtitle}` : title;
  found.authors = (work.author ?? []).map((a) => (a.name ?? [a.given, a.family].filter(Boolean).join(' ')).trim()).filter(Boolean);
  found.year = yearOf(work);
  found.publisher = stripMarkup(first(work['container-title'])) || work.publisher?.trim() || '';
  if (work.DOI && isDoi(work.DOI)) found.doi = normalizeDoi(work.DOI);
  found.url = found.doi ? `https://doi.org/${found.doi}` : (work.URL ?? '');
  if (work.abstract) found.description = clip(stripMarkup(work.abstract));
  return found;
}

/**
 * `/works?query=` (`message.items`), `/works/{doi}` (`message` is the work)
 * and the bare CSL-JSON object that DOI content negotiation returns.
 */
export function mapCrossrefResponse(body: unknown): MapResult {
  if (!body || typeof body !== 'object') throw new UnexpectedResponseError('Crossref', 'not an object');
  const envelope = body as { 'message-type'?: unknown; message?: unknown; status?: unknown };
  if (envelope.status !== undefined && envelope.status !== 'ok') {
    throw new UnexpectedResponseError('Crossref', `status ${String(envelope.status)}`);
  }
  if (envelope['message-type'] === 'work-list') {
    const items = (envelope.message as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(items)) throw new UnexpectedResponseError('Crossref', 'work-list without items');
    return mapRecords(items, mapCrossrefWork);
  }
  if (envelope['message-type'] === 'work') return mapRecords([envelope.message], mapCrossrefWork);
  if ('DOI' in body) return mapRecords([body], mapCrossrefWork);
  throw new UnexpectedResponseError('Crossref', 'neither a work list nor a work');
}
