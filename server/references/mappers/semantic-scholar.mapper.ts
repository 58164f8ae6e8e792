import { z } from 'zod';
import { clip, emptyFound, type FoundReference } from '../found-reference';
import { isArxivId, isDoi, normalizeDoi } from '../identifiers';
import { mapRecords, UnexpectedResponseError, type MapResult } from './map-result';

export const semanticScholarPaper = z.object({
  paperId: z.string().nullish(),
  title: z.string().nullish(),
  url: z.string().nullish(),
  year: z.number().nullish(),
  venue: z.string().nullish(),
  abstract: z.string().nullish(),
  tldr: z.object({ text: z.string().nullish() }).nullish(),
  journal: z.object({ name: z.string().nullish() }).nullish(),
  publicationVenue: z.object({ name: z.string().nullish() }).nullish(),
  externalIds: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]).nullish()).nullish(),
  authors: z.array(z.object({ name: z.string().nullish() })).nullish(),
});

export function mapSemanticScholarPaper(raw: unknown): FoundReference | string {
  // The batch endpoint answers null for ids it does not know, keeping the array aligned.
  if (raw === null) return 'unknown paper id (null in a batch answer)';
  const parsed = semanticScholarPaper.safeParse(raw);
  if (!parsed.success) return `not a Semantic Scholar paper: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
  const paper = parsed.data;
  const title = paper.title?.trim();
  if (!title) return 'no title';
  const found = emptyFound('semanticscholar');
  found.title = title;
  found.authors = (paper.authors ?? []).map((a) => a.name?.trim() ?? '').filter(Boolean);
  if (paper.year) found.year = paper.year;
  found.publisher = paper.journal?.name?.trim() || paper.publicationVenue?.name?.trim() || paper.venue?.trim() || '';
  const doi = paper.externalIds?.DOI;
  // Documentation samples carry "..." as ids: only well-formed identifiers are kept.
  if (typeof doi === 'string' && isDoi(doi)) found.doi = normalizeDoi(doi);
  const arxiv = paper.externalIds?.ArXiv;
  if (typeof arxiv === 'string' && isArxivId(arxiv)) found.arxivId = arxiv;
  found.url =
    paper.url?.trim() ||
    (found.doi ? `https://doi.org/${found.doi}` : paper.paperId ? `https://www.semanticscholar.org/paper/${paper.paperId}` : '');
  const summary = paper.abstract?.trim() || paper.tldr?.text?.trim();
  if (summary) found.description = clip(summary);
  if (paper.paperId) found.externalId = paper.paperId;
  return found;
}

/** `/paper/search` and `/search/bulk` (`{data}`), `/paper/batch` (an array), `/paper/{id}` (one paper). */
export function mapSemanticScholarResponse(body: unknown): MapResult {
  if (Array.isArray(body)) return mapRecords(body, mapSemanticScholarPaper);
  if (body && typeof body === 'object') {
    const data = (body as { data?: unknown }).data;
    if (Array.isArray(data)) return mapRecords(data, mapSemanticScholarPaper);
    if ('paperId' in body) return mapRecords([body], mapSemanticScholarPaper);
  }
  throw new UnexpectedResponseError('Semantic Scholar', 'neither a paper list nor a paper');
}
