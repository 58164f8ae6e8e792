import type { Config } from '@server/config';
import { ProviderError, ProviderHttp, type ResponseCache } from '../http/provider-http';
import { TokenBucket } from '../http/token-bucket';
import { mapArxivResponse } from '../mappers/arxiv.mapper';
import { mapCoreResponse } from '../mappers/core.mapper';
import { mapOpenLibraryResponse } from '../mappers/open-library.mapper';
import { mapSemanticScholarResponse } from '../mappers/semantic-scholar.mapper';
import type { ReferenceProvider } from '../reference-provider';
import { indexProvider } from './index-provider';

function withParams(base: string, path: string, params: Record<string, string>): string {
  const u = new URL(`${base.replace(/\/+$/, '')}${path}`);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

const s2Fields = 'title,authors,year,venue,journal,publicationVenue,externalIds,url,abstract';

/** Semantic Scholar: 1 request a second without a key (its shared pool is easily exhausted). */
export function createSemanticScholarProvider(config: Config, cache?: ResponseCache): ReferenceProvider {
  const http = new ProviderHttp({
    provider: 'semanticscholar',
    bucket: new TokenBucket(1, 1),
    timeoutMs: config.referenceTimeoutMs,
    cache,
    cacheTtlMs: config.referenceCacheTtlMs,
    headers: config.semanticScholarApiKey ? { 'x-api-key': config.semanticScholarApiKey } : {},
  });
  const base = config.semanticScholarBaseUrl;
  return indexProvider({
    name: 'semanticscholar',
    http,
    searchUrl: (query, limit) => withParams(base, '/graph/v1/paper/search', { query, limit: String(limit), fields: s2Fields }),
    doiUrl: (doi) => withParams(base, `/graph/v1/paper/DOI:${doi}`, { fields: s2Fields }),
    titleUrl: (known) => withParams(base, '/graph/v1/paper/search/match', { query: known.title, fields: s2Fields }),
    map: mapSemanticScholarResponse,
  });
}

/** CORE (open-access full texts) needs an API key; without one it is reported as failed, not silently skipped. */
export function createCoreProvider(config: Config, cache?: ResponseCache): ReferenceProvider {
  const http = new ProviderHttp({
    provider: 'core',
    bucket: new TokenBucket(1, 1),
    timeoutMs: config.referenceTimeoutMs,
    cache,
    cacheTtlMs: config.referenceCacheTtlMs,
    headers: config.coreApiKey ? { authorization: `Bearer ${config.coreApiKey}` } : {},
  });
  const provider = indexProvider({
    name: 'core',
    http,
    searchUrl: (query, limit) => withParams(config.coreBaseUrl, '/v3/search/works', { q: query, limit: String(limit) }),
    map: mapCoreResponse,
  });
  return {
    ...provider,
    search: async (query) => {
      if (!config.coreApiKey) throw new ProviderError('core', 'needs CORE_API_KEY');
      return provider.search(query);
    },
  };
}

/** Open Library (books), about 3 requests a second as its documentation asks of clients. */
export function createOpenLibraryProvider(config: Config, cache?: ResponseCache): ReferenceProvider {
  const http = new ProviderHttp({
    provider: 'openlibrary',
    bucket: new TokenBucket(3, 3),
    timeoutMs: config.referenceTimeoutMs,
    cache,
    cacheTtlMs: config.referenceCacheTtlMs,
  });
  const fields = 'key,title,subtitle,author_name,first_publish_year,publisher,isbn';
  return indexProvider({
    name: 'openlibrary',
    http,
    searchUrl: (query, limit) => withParams(config.openLibraryBaseUrl, '/search.json', { q: query, limit: String(limit), fields }),
    titleUrl: (known) =>
      known.isbn
        ? withParams(config.openLibraryBaseUrl, '/search.json', { isbn: known.isbn, fields })
        : withParams(config.openLibraryBaseUrl, '/search.json', { title: known.title, limit: '5', fields }),
    map: mapOpenLibraryResponse,
  });
}

/** arXiv asks for no more than one request every three seconds. */
export function createArxivProvider(config: Config, cache?: ResponseCache): ReferenceProvider {
  const http = new ProviderHttp({
    provider: 'arxiv',
    bucket: new TokenBucket(1, 1 / 3),
    timeoutMs: config.referenceTimeoutMs,
    cache,
    cacheTtlMs: config.referenceCacheTtlMs,
  });
  const search = (q: string, limit: number) =>
    withParams(config.arxivBaseUrl, '/api/query', { search_query: q, start: '0', max_results: String(limit) });
  return indexProvider({
    name: 'arxiv',
    http,
    format: 'text',
    searchUrl: (query, limit) => search(`all:${query}`, limit),
    titleUrl: (known) => search(`ti:"${known.title.replace(/"/g, '')}"`, 3),
    map: (body) => mapArxivResponse(String(body)),
  });
}
