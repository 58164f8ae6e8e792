import type { Config } from '@server/config';
import { ProviderHttp, type ResponseCache } from '../http/provider-http';
import { TokenBucket } from '../http/token-bucket';
import { mapOpenAlexResponse } from '../mappers/openalex.mapper';
import { indexProvider } from './index-provider';

const fields =
  'id,doi,title,display_name,publication_year,type,is_retracted,is_paratext,primary_location,authorships,abstract_inverted_index';

/** OpenAlex: about 10 requests a second for everyone (its documented limit). */
export function createOpenAlexProvider(config: Config, cache?: ResponseCache) {
  const base = config.openalexBaseUrl.replace(/\/+$/, '');
  const polite = (url: URL) => {
    if (config.crossrefMailto) url.searchParams.set('mailto', config.crossrefMailto);
    return url;
  };
  const http = new ProviderHttp({
    provider: 'openalex',
    bucket: new TokenBucket(10, 10),
    timeoutMs: config.referenceTimeoutMs,
    cache,
    cacheTtlMs: config.referenceCacheTtlMs,
    sign: (url) => {
      if (config.openalexApiKey) url.searchParams.set('api_key', config.openalexApiKey);
      return url;
    },
  });
  const url = (path: string, params: Record<string, string>) => {
    const u = polite(new URL(`${base}${path}`));
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };
  return indexProvider({
    name: 'openalex',
    http,
    searchUrl: (query, limit) => url('/works', { search: query, 'per-page': String(limit), select: fields }),
    doiUrl: (doi) => url(`/works/doi:${doi}`, { select: fields }),
    // Commas separate OpenAlex filters, so they are dropped from the title.
    titleUrl: (known) => url('/works', { filter: `title.search:${known.title.replace(/,/g, ' ')}`, 'per-page': '5', select: fields }),
    map: mapOpenAlexResponse,
  });
}
