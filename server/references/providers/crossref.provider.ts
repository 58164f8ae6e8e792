import type { Config } from '@server/config';
import { ProviderHttp, type ResponseCache } from '../http/provider-http';
import { TokenBucket } from '../http/token-bucket';
import { mapCrossrefResponse } from '../mappers/crossref.mapper';
import { indexProvider } from './index-provider';

const select = 'DOI,URL,title,subtitle,type,author,container-title,publisher,abstract,issued,published,published-print,published-online';

/**
 * Crossref: 5 requests a second in the public pool, 10 in the polite pool
 * (a mailto in the User-Agent); we stay at the public figure.
 */
export function createCrossrefProvider(config: Config, cache?: ResponseCache) {
  const base = config.crossrefBaseUrl.replace(/\/+$/, '');
  const agent = `TextbookStudio/0.1 (https://github.com/textbook-studio${config.crossrefMailto ? `; mailto:${config.crossrefMailto}` : ''})`;
  const http = new ProviderHttp({
    provider: 'crossref',
    bucket: new TokenBucket(5, 5),
    timeoutMs: config.referenceTimeoutMs,
    cache,
    cacheTtlMs: config.referenceCacheTtlMs,
    headers: { 'user-agent': agent },
  });
  const url = (path: string, params: Record<string, string>) => {
    const u = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    if (config.crossrefMailto) u.searchParams.set('mailto', config.crossrefMailto);
    return u.toString();
  };
  return indexProvider({
    name: 'crossref',
    http,
    searchUrl: (query, limit) => url('/works', { query, rows: String(limit), select }),
    // The DOI's own slashes stay (Crossref routes /works/10.x/y); anything else unsafe is escaped.
    doiUrl: (doi) => url(`/works/${doi.split('/').map(encodeURIComponent).join('/')}`, {}),
    titleUrl: (known) =>
      url('/works', {
        'query.bibliographic': [known.title, known.authors[0] ?? '', known.year ?? ''].join(' ').trim(),
        rows: '3',
        select,
      }),
    map: mapCrossrefResponse,
  });
}
