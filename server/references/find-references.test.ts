import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reference } from '@common/textbook';
import { testConfig } from '../test/harness.support';
import { findReferences, type FindReferencesInput } from './find-references';
import { createReferenceProviders } from './provider-factory';
import { fixturePath } from '../test/fixture-path.support';

const fixture = (f: string) => readFileSync(fixturePath(`references/${f}`), 'utf8');

/** One local server plays OpenAlex (/oa), Crossref (/cr) and a broken index (/down) from recorded bodies. */
let server: Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname + url.search);
    const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    if (url.pathname === '/oa/works') return send(200, fixture('openalex-works-search-peneira.json'));
    if (url.pathname.startsWith('/oa/works/')) return send(404, '{"error":"not found"}');
    if (url.pathname === '/cr/works') {
      return url.searchParams.has('query.bibliographic')
        ? send(200, fixture('crossref-works-query-ecology-rows2-habanero.json'))
        : send(200, fixture('crossref-works-query-ecology-author-boettiger-habanero.json'));
    }
    if (decodeURIComponent(url.pathname) === '/cr/works/10.1371/journal.pone.0033693')
      return send(200, fixture('crossref-work-single-doi-habanero.json'));
    if (url.pathname.startsWith('/cr/works/')) return send(404, 'Resource not found.');
    if (url.pathname.startsWith('/down')) return send(500, 'Internal Server Error');
    return send(404, '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function providers(overrides: Record<string, string> = {}) {
  const config = testConfig({
    referenceSources: ['documents', 'openalex', 'crossref'],
    openalexBaseUrl: `${base}/oa`,
    crossrefBaseUrl: `${base}/cr`,
    referenceTimeoutMs: 2000,
    ...overrides,
  });
  return createReferenceProviders(config).providers;
}

const materialText =
  'Ecology and machine learning for public health. Near-term ecological forecasting and iterative ecological models. ' +
  'See the PLoS ONE study doi:10.1371/journal.pone.0033693 on dopamine neurons.';

function input(existing: Reference[] = []): FindReferencesInput {
  return {
    topic: 'ecological forecasting',
    keyphrases: ['public health'],
    documents: [{ text: materialText, blocks: [] }],
    limit: 10,
    materialText,
    existing,
  };
}

const reference = (fields: Partial<Reference>): Reference => ({
  title: '',
  description: '',
  authors: '',
  year: '',
  publisher: '',
  url: '',
  approved: false,
  ...fields,
});

describe('findReferences across documents, OpenAlex and Crossref', () => {
  it('merges every source, verifies a DOI from the document, and never repeats a DOI', async () => {
    const result = await findReferences(providers(), input());
    expect(result.sources).toEqual({ used: ['documents', 'openalex', 'crossref'], failed: [] });
    const dois = result.references.map((r) => r.doi).filter(Boolean);
    expect(new Set(dois).size).toBe(dois.length);
    const verified = result.references.find((r) => r.doi === '10.1371/journal.pone.0033693');
    expect(verified).toMatchObject({ source: 'documents, crossref', year: 2012, publisher: 'PLoS ONE' });
    expect(verified?.title).toMatch(/^Methylphenidate Exposure Induces Dopamine Neuron Loss/);
    expect(verified?.authors).toMatch(/^Shankar Sadasivan/);
    expect(result.references.length).toBeLessThanOrEqual(25);
    for (const r of result.references) expect(r.approved).toBe(false);
    // Ranked by similarity to the material: an ecology-forecasting record before unrelated ones.
    const firstEcology = result.references.findIndex((r) => /forecast/i.test(r.title));
    const firstHealth = result.references.findIndex((r) => /climate regions/i.test(r.title));
    expect(firstEcology).toBeGreaterThanOrEqual(0);
    expect(firstEcology).toBeLessThan(firstHealth < 0 ? Infinity : firstHealth);
  });

  it('reports a failing provider and still answers from the others', async () => {
    const result = await findReferences(providers({ openalexBaseUrl: `${base}/down` }), input());
    expect(result.sources.used).toEqual(['documents', 'crossref']);
    expect(result.sources.failed).toEqual([{ source: 'openalex', reason: 'server error (HTTP 500)' }]);
    expect(result.references.some((r) => r.source?.includes('crossref'))).toBe(true);
    expect(result.references.some((r) => r.source === 'openalex')).toBe(false);
  });

  it('keeps every approved reference first, fills what it lacks, never overwrites with less', async () => {
    const userText =
      'My own long note on why this paper matters for the course, written by me and longer than anything an index holds about it. '.repeat(
        6,
      );
    const existing = [
      reference({ title: 'Reference 1', doi: '10.1371/journal.pone.0033693', approved: true }),
      reference({ title: 'A book only I know', authors: 'Jane Doe', year: 1999, description: userText, approved: true }),
      reference({ title: 'The forecast trap', description: 'short', approved: true, url: 'https://example.org/mine' }),
      reference({ title: 'Not approved and not found again', approved: false }),
    ];
    const result = await findReferences(providers(), input(existing));
    const [first, second, third] = result.references;
    expect(first.approved && second.approved && third.approved).toBe(true);
    expect(first.title).toMatch(/^Methylphenidate/);
    expect(first.authors).toMatch(/Sadasivan/);
    expect(second).toMatchObject({ title: 'A book only I know', authors: 'Jane Doe', year: 1999, description: userText });
    // The index knows more about this one: authors and year filled, the user's URL kept.
    expect(third).toMatchObject({ title: 'The forecast trap', year: 2022, url: 'https://example.org/mine' });
    expect(third.authors).toMatch(/Boettiger/);
    expect(third.description.length).toBeGreaterThan('short'.length);
    expect(result.references.filter((r) => r.approved)).toHaveLength(3);
    expect(result.references.some((r) => r.title === 'Not approved and not found again')).toBe(false);
    expect(result.references.filter((r) => r.title === 'The forecast trap')).toHaveLength(1);
  });

  it('keeps two approved references even when they look alike', async () => {
    const twin = reference({ title: 'Same title', authors: 'A. Author', year: 2001, approved: true });
    const result = await findReferences(providers({ referenceSources: ['documents'] } as never), input([twin, { ...twin }]));
    expect(result.references.filter((r) => r.title === 'Same title')).toHaveLength(2);
  });
});
