import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@server/db/client';
import { referenceCache } from '@server/db/schema';
import { createTestDatabase } from '@server/test/test-db.support';
import { mapArxivResponse } from '../mappers/arxiv.mapper';
import { mapCrossrefResponse } from '../mappers/crossref.mapper';
import { mapOpenAlexResponse } from '../mappers/openalex.mapper';
import { databaseCache, parseRetryAfter, ProviderError, ProviderHttp, type ProviderHttpOptions } from './provider-http';
import { TokenBucket } from './token-bucket';
import { fixturePath } from '@server/test/fixture-path.support';

const fixture = (f: string) => readFileSync(fixturePath(`references/${f}`), 'utf8');

type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

/** A local API on 127.0.0.1 that replays recorded bodies and misbehaves on demand. */
let server: Server;
let base: string;
const routes = new Map<string, Handler>();
const hits = new Map<string, number>();
const seen: Array<{ path: string; url: string; at: number }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const count = (hits.get(url.pathname) ?? 0) + 1;
    hits.set(url.pathname, count);
    seen.push({ path: url.pathname, url: req.url ?? '', at: Date.now() });
    const handler = routes.get(url.pathname);
    if (!handler) {
      res.writeHead(404).end('not found');
      return;
    }
    handler(req, res, count);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json =
  (body: string, status = 200, headers: Record<string, string> = {}) =>
  (_: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);

function client(overrides: Partial<ProviderHttpOptions> = {}) {
  return new ProviderHttp({ provider: 'test', bucket: new TokenBucket(50, 50), timeoutMs: 2000, backoffMs: 20, ...overrides });
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('ProviderHttp against a local server replaying recorded bodies', () => {
  it('fetches and maps an OpenAlex and a Crossref answer', async () => {
    routes.set('/works', json(fixture('openalex-works-search-peneira.json')));
    routes.set('/cr/works', json(fixture('crossref-works-query-ecology-author-boettiger-habanero.json')));
    const openalex = mapOpenAlexResponse(await client().getJson(`${base}/works?search=machine%20learning`));
    expect(openalex.references.length).toBeGreaterThan(40);
    const crossref = mapCrossrefResponse(await client().getJson(`${base}/cr/works?query=ecology`));
    expect(crossref.references).toHaveLength(20);
  });

  it('reads arXiv Atom as text', async () => {
    routes.set('/api/query', (_, res) =>
      res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(fixture('arxiv-api-query-all-electron-max1-docs.xml')),
    );
    const body = await client().getText(`${base}/api/query?search_query=all:electron`);
    expect(mapArxivResponse(body).references[0].arxivId).toBe('hep-ex/0307015');
  });

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    routes.set('/limited', (req, res, hit) =>
      hit === 1
        ? json('{"error":"slow down"}', 429, { 'retry-after': '1' })(req, res)
        : json(fixture('crossref-work-single-doi-habanero.json'))(req, res),
    );
    const started = Date.now();
    const body = await client().getJson(`${base}/limited`);
    expect(mapCrossrefResponse(body).references[0].doi).toBe('10.1371/journal.pone.0033693');
    const times = seen.filter((s) => s.path === '/limited').map((s) => s.at);
    expect(times).toHaveLength(2);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('gives up at once when Retry-After asks for longer than it may wait', async () => {
    routes.set('/long-limit', json('{}', 429, { 'retry-after': '3600' }));
    const err = await failure(client().getJson(`${base}/long-limit`));
    expect(err.reason).toMatch(/rate limited \(HTTP 429\); asked to wait 3600 s/);
    expect(hits.get('/long-limit')).toBe(1);
  });

  it('retries a 500 with backoff and succeeds when the server recovers', async () => {
    routes.set('/flaky', (req, res, hit) => (hit < 3 ? json('oops', 500)(req, res) : json('{"results":[]}')(req, res)));
    expect(await client().getJson(`${base}/flaky`)).toEqual({ results: [] });
    expect(hits.get('/flaky')).toBe(3);
  });

  it('reports a server that keeps failing after its retries', async () => {
    routes.set('/down', json('oops', 503));
    const err = await failure(client({ maxRetries: 2 }).getJson(`${base}/down`));
    expect(err.reason).toBe('server error (HTTP 503)');
    expect(hits.get('/down')).toBe(3);
  });

  it('does not retry a 4xx other than 429', async () => {
    routes.set('/bad', json('{"message":"bad"}', 400));
    const err = await failure(client().getJson(`${base}/bad`));
    expect(err).toMatchObject({ reason: 'refused the request (HTTP 400)', status: 400 });
    expect(hits.get('/bad')).toBe(1);
  });

  it('times out a server that never answers', async () => {
    routes.set('/hang', () => undefined);
    const started = Date.now();
    const err = await failure(client({ timeoutMs: 300 }).getJson(`${base}/hang`));
    expect(err.reason).toBe('did not answer within 0.3 s');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports malformed JSON', async () => {
    routes.set('/broken', json(fixture('openalex-works-search-peneira.json').slice(0, 5000)));
    const err = await failure(client().getJson(`${base}/broken`));
    expect(err.reason).toBe('answered with malformed JSON');
  });

  it('reports a refused connection after retrying', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(client({ maxRetries: 1 }).getJson(`http://127.0.0.1:${port}/works`));
    expect(err.reason).toMatch(/could not be reached \(ECONNREFUSED\)/);
  });

  it('spreads requests out with its token bucket', async () => {
    routes.set('/bucket', json('{}'));
    const slow = client({ bucket: new TokenBucket(1, 5) });
    const started = Date.now();
    await Promise.all([1, 2, 3].map((i) => slow.getJson(`${base}/bucket?i=${i}`)));
    // One token at once, five per second: the third request waits about 400 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('the reference_cache table in front of a provider', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers a repeated request from the cache, keyed without credentials', async () => {
    routes.set('/cached', json(fixture('crossref-works-select-DOI-title-habanero.json')));
    const cached = client({
      cache: databaseCache(database.db),
      cacheTtlMs: 60_000,
      sign: (u) => (u.searchParams.set('api_key', 'sekrit'), u),
    });
    const first = await cached.getJson(`${base}/cached?query=ecology`);
    const second = await cached.getJson(`${base}/cached?query=ecology`);
    expect(second).toEqual(first);
    expect(hits.get('/cached')).toBe(1);
    expect(seen.find((s) => s.path === '/cached')?.url).toContain('api_key=sekrit');
    const rows = await database.db.select().from(referenceCache);
    const row = rows.find((r) => r.key.includes('/cached'));
    expect(row?.provider).toBe('test');
    expect(row?.key).not.toContain('sekrit');
  });

  it('asks the provider again once the entry is older than the TTL', async () => {
    routes.set('/expiring', json('{"n":1}'));
    const cached = client({ cache: databaseCache(database.db), cacheTtlMs: 60_000 });
    await cached.getJson(`${base}/expiring`);
    await cached.getJson(`${base}/expiring`);
    expect(hits.get('/expiring')).toBe(1);
    // Two minutes later by the clock the cache reads (only Date moves; timers and the database keep real time).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    try {
      await cached.getJson(`${base}/expiring`);
    } finally {
      vi.useRealTimers();
    }
    expect(hits.get('/expiring')).toBe(2);
  });

  it('does not cache failures', async () => {
    routes.set('/fail-once', (req, res, hit) => (hit === 1 ? json('nope', 400)(req, res) : json('{"ok":true}')(req, res)));
    const cached = client({ cache: databaseCache(database.db), cacheTtlMs: 60_000 });
    await failure(cached.getJson(`${base}/fail-once`));
    expect(await cached.getJson(`${base}/fail-once`)).toEqual({ ok: true });
  });
});
