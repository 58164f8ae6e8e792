import type { ReferenceSourceName } from '@common/references';
import type { FoundReference } from '../found-reference';
import { ProviderError, type ProviderHttp } from '../http/provider-http';
import type { MapResult } from '../mappers/map-result';
import { searchStrings, type ReferenceProvider, type ReferenceQuery } from '../reference-provider';
import { isSameWork } from './same-work';

/** How one scholarly index is asked: its URLs and how its answers are read. */
export interface IndexApi {
  name: ReferenceSourceName;
  http: ProviderHttp;
  /** 'text' for XML APIs (arXiv). */
  format?: 'json' | 'text';
  searchUrl(query: string, limit: number): string;
  /** The record of one DOI; absent when the index cannot look DOIs up. */
  doiUrl?(doi: string): string;
  /** A title search for verifying a citation that has no DOI. */
  titleUrl?(known: FoundReference): string;
  map(body: unknown): MapResult;
}

async function fetchMapped(api: IndexApi, url: string): Promise<FoundReference[]> {
  const body = api.format === 'text' ? await api.http.getText(url) : await api.http.getJson(url);
  try {
    return api.map(body).references;
  } catch (err) {
    throw new ProviderError(api.name, err instanceof Error ? err.message : 'answered in an unexpected shape');
  }
}

/** A ReferenceProvider over an index API: searches by topic and key phrases, matches by DOI or title. */
export function indexProvider(api: IndexApi): ReferenceProvider {
  return {
    name: api.name,
    async search(query: ReferenceQuery) {
      const results: FoundReference[] = [];
      for (const text of searchStrings(query)) results.push(...(await fetchMapped(api, api.searchUrl(text, query.limit))));
      return results;
    },
    async match(known: FoundReference) {
      if (known.doi && api.doiUrl) {
        try {
          const [record] = await fetchMapped(api, api.doiUrl(known.doi));
          return record && isSameWork(known, record) ? record : undefined;
        } catch (err) {
          // An index that does not know a DOI answers 404: not a failure of the index.
          if (err instanceof ProviderError && err.status === 404) return undefined;
          throw err;
        }
      }
      if (!known.title || !api.titleUrl) return undefined;
      const records = await fetchMapped(api, api.titleUrl(known));
      return records.find((record) => isSameWork(known, record));
    },
  };
}
