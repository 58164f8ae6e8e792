import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewReferencesResponse } from '@common/references';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { multipart, type MultipartPart } from '@server/test/multipart.support';
import { fixturePath } from '@server/test/fixture-path.support';

const fixture = (f: string) => readFileSync(fixturePath(`references/${f}`), 'utf8');
const tracemonkey = readFileSync(fixturePath('pdf/tracemonkey.pdf'));

/** A local stand-in for OpenAlex and Crossref replaying recorded answers, or failing when told to. */
let mode: 'ok' | 'fail' = 'ok';
let hits = 0;
const index: Server = createServer((req, res) => {
  hits++;
  const url = new URL(req.url ?? '/', 'http://x');
  const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  if (mode === 'fail') return send(500, 'Internal Server Error');
  if (url.pathname === '/oa/works') return send(200, fixture('openalex-works-search-peneira.json'));
  if (url.pathname === '/cr/works') return send(200, fixture('crossref-works-query-ecology-author-boettiger-habanero.json'));
  return send(404, '{}');
});
const port = await new Promise<number>((resolve) => index.listen(0, '127.0.0.1', () => resolve((index.address() as AddressInfo).port)));
afterAll(async () => {
  index.closeAllConnections();
  await new Promise((resolve) => index.close(resolve));
});

const h = useHarness({
  referenceSources: ['documents', 'openalex', 'crossref', 'bogus'],
  openalexBaseUrl: `http://127.0.0.1:${port}/oa`,
  crossrefBaseUrl: `http://127.0.0.1:${port}/cr`,
  referenceTimeoutMs: 8000,
});

function preview(user: TestUser | null, parts: MultipartPart[]) {
  const { payload, contentType } = multipart(parts);
  return h.app.inject({
    method: 'POST',
    url: '/api/textbooks/preview-references',
    payload,
    headers: { 'content-type': contentType, ...(user ? { cookie: user.cookie } : {}) },
  });
}

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

describe('POST /api/textbooks/preview-references: validation', () => {
  let alice: TestUser;
  beforeAll(async () => {
    alice = await h.createUser('alice');
  });

  it('is for signed-in users only', async () => {
    expect((await preview(null, [{ name: 'topic', value: 'Ecology' }])).statusCode).toBe(401);
  });

  it('needs a topic', async () => {
    for (const parts of [[], [{ name: 'topic', value: '   ' }], [{ name: 'directContent', value: 'Some text' }]]) {
      const res = await preview(alice, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please enter a topic', code: 'BAD_REQUEST' });
    }
  });

  it('refuses existingReferences that are not JSON or not references', async () => {
    const cases: Array<[string, string]> = [
      ['[{"title": "x"', 'existingReferences is not valid JSON'],
      ['{"title": "x"}', 'existingReferences must be a JSON array of references'],
      ['[{"title": "ok"}, 42]', 'existingReferences[1] is not a reference'],
      ['[{"title": 7}]', 'existingReferences[0] is not a reference'],
    ];
    for (const [value, message] of cases) {
      const res = await preview(alice, [
        { name: 'topic', value: 'Ecology' },
        { name: 'existingReferences', value },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('POST /api/textbooks/preview-references: answers', () => {
  let alice: TestUser;
  beforeAll(async () => {
    alice = await h.createUser('alice');
    mode = 'ok';
  });

  it('works from the topic alone, reporting which sources answered', async () => {
    const res = await preview(alice, [{ name: 'topic', value: 'Ecological forecasting' }]);
    expect(res.statusCode).toBe(200);
    const body = previewReferencesResponse.parse(res.json());
    expect(body.extractedText).toBe('Topic: Ecological forecasting');
    expect(typeof body.detectedTopic).toBe('string');
    expect(body.sources.failed).toEqual([{ source: 'bogus', reason: 'is not a known reference source' }]);
    expect(body.sources.used).toEqual(['documents', 'openalex', 'crossref']);
    expect(body.references.length).toBeGreaterThan(0);
    expect(body.references[0].title).toMatch(/forecast/i);
    for (const r of body.references) expect(r.approved).toBe(false);
  });

  it('takes the client\'s own "Topic: {topic}" direct content', async () => {
    const res = await preview(alice, [
      { name: 'topic', value: 'Ecology' },
      { name: 'directContent', value: 'Topic: Ecology' },
      { name: 'directMethod', value: 'true' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().extractedText).toContain('Topic: Ecology');
  });

  it('finds the bibliography of an uploaded PDF, every field taken from the document', async () => {
    const res = await preview(alice, [
      { name: 'topic', value: 'Trace-based JIT compilation' },
      { name: 'files', filename: 'tracemonkey.pdf', type: 'application/pdf', data: tracemonkey },
    ]);
    expect(res.statusCode).toBe(200);
    const body = previewReferencesResponse.parse(res.json());
    expect(body.extractedText).toMatch(/TraceMonkey|trace/i);
    const fromPdf = body.references.filter((r) => r.source?.startsWith('documents'));
    expect(fromPdf.filter((r) => r.authors && typeof r.year === 'number').length).toBeGreaterThanOrEqual(12);
    const text = squash(body.extractedText);
    for (const r of fromPdf) {
      const fields = [r.title, r.publisher, String(r.year), ...(r.authors ? r.authors.split(', ') : [])];
      for (const field of fields) if (field && !/^Reference \d+$/.test(field)) expect(text).toContain(squash(field));
    }
    // Cited by the material itself, so ranked above the unrelated public-health records of the replayed index.
    expect(body.references[0].source).toContain('documents');
    const hotpath = body.references.find((r) => r.title.startsWith('HotpathVM'));
    expect(hotpath).toMatchObject({ authors: 'A. Gal, C. W. Probst, M. Franz', year: 2006, approved: false });
  });

  it('Get New References: keeps approved ones first, improves them from the material, adds new ones', async () => {
    const existing = [
      { title: 'My own approved source', description: 'Chosen by me', authors: '', year: '', publisher: '', url: '', approved: true },
      { title: 'HotpathVM: An effective JIT compiler for resource-constrained devices', approved: true },
      'A plain string reference the user did not approve',
    ];
    const res = await preview(alice, [
      { name: 'topic', value: 'Trace-based JIT compilation' },
      { name: 'existingReferences', value: JSON.stringify(existing) },
      { name: 'files', filename: 'tracemonkey.pdf', type: 'application/pdf', data: tracemonkey },
    ]);
    expect(res.statusCode).toBe(200);
    const { references } = previewReferencesResponse.parse(res.json());
    expect(references[0]).toMatchObject({ title: 'My own approved source', description: 'Chosen by me', approved: true });
    expect(references[1]).toMatchObject({
      title: 'HotpathVM: An effective JIT compiler for resource-constrained devices',
      authors: 'A. Gal, C. W. Probst, M. Franz',
      year: 2006,
      approved: true,
    });
    expect(references.filter((r) => r.title.startsWith('HotpathVM'))).toHaveLength(1);
    expect(references.filter((r) => r.approved)).toHaveLength(2);
    expect(references.length).toBeGreaterThan(10);
    expect(references.some((r) => r.description === 'A plain string reference the user did not approve')).toBe(false);
  });

  it('answers a repeated search from the reference cache', async () => {
    const before = hits;
    const parts = [{ name: 'topic', value: 'Ecological forecasting' }];
    expect((await preview(alice, parts)).statusCode).toBe(200);
    expect(hits).toBe(before);
  });

  it('still answers from the documents when every index fails, and says why', async () => {
    mode = 'fail';
    try {
      const res = await preview(alice, [
        { name: 'topic', value: 'Tracing JIT for dynamic languages' },
        { name: 'files', filename: 'tracemonkey.pdf', type: 'application/pdf', data: tracemonkey },
      ]);
      expect(res.statusCode).toBe(200);
      const body = previewReferencesResponse.parse(res.json());
      expect(body.sources.used).toEqual(['documents']);
      expect(body.sources.failed).toEqual([
        { source: 'openalex', reason: 'server error (HTTP 500)' },
        { source: 'crossref', reason: 'server error (HTTP 500)' },
        { source: 'bogus', reason: 'is not a known reference source' },
      ]);
      expect(body.references.length).toBeGreaterThanOrEqual(15);
      for (const r of body.references) expect(r.source).toBe('documents');
    } finally {
      mode = 'ok';
    }
  });
});
