import { describe, expect, it } from 'vitest';
import { contextFor } from '@server/test/context.support';
import { useHarness } from '@server/test/harness.support';
import { uploadImage } from '../images/images.service';
import { makePng } from '@server/test/multipart.support';
import { createBook, insertHomework } from '@server/test/books.support';

const h = useHarness();

const writeMethods = ['post', 'put', 'patch', 'delete'] as const;
/** Register, login and logout are open to anyone and touch no textbook. */
const openWrites = new Set(['POST /api/register', 'POST /api/login', 'POST /api/logout']);

describe('a reader token cannot write', () => {
  it('every write endpoint of the API refuses a caller who holds only the token, however it is presented', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const me = { id: owner.id, username: owner.username };
    const image = await uploadImage(contextFor(h, me), book.id, { filename: 'a.png', mimetype: 'image/png', data: makePng(2, 2) });
    const material = await insertHomework(h, book.id, owner.id);
    const created = await h.app.inject({
      method: 'POST',
      url: `/api/textbooks/${book.id}/share`,
      payload: { materialTypes: ['homework'] },
      headers: { cookie: owner.cookie },
    });
    const { token } = created.json() as { token: string };
    const before = (await h.app.inject({ method: 'GET', url: `/api/shared/${token}` })).body;
    expect(JSON.parse(before).materials).toHaveLength(1);

    // Every route the API describes, so an endpoint added later is covered without editing this test.
    const spec = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Partial<Record<(typeof writeMethods)[number] | 'get', unknown>>>;
    };
    const params: Record<string, string> = {
      id: String(book.id),
      textbookId: String(book.id),
      token,
      imageId: String(image.id),
      materialId: String(material.id),
      versionId: '1',
      userId: String(owner.id),
      jobId: 'x',
    };
    const writes = Object.entries(spec.paths).flatMap(([path, ops]) =>
      writeMethods.filter((m) => ops[m]).map((m) => ({ method: m.toUpperCase(), path })),
    );
    expect(writes.length).toBeGreaterThan(15);
    expect(writes.map((w) => `${w.method} ${w.path}`)).toContain('PATCH /api/textbooks/{id}');

    const presentations: Array<{ name: string; headers?: Record<string, string>; query?: string }> = [
      { name: 'bearer', headers: { authorization: `Bearer ${token}` } },
      { name: 'header', headers: { 'x-share-token': token, 'x-reader-token': token } },
      { name: 'cookie', headers: { cookie: `sid=${token}; token=${token}; share=${token}` } },
      { name: 'query', query: `token=${encodeURIComponent(token)}&share=${encodeURIComponent(token)}` },
    ];
    let checked = 0;
    for (const { method, path } of writes) {
      if (openWrites.has(`${method} ${path}`)) continue;
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '1');
      for (const p of presentations) {
        const res = await h.app.inject({
          method: method as 'POST',
          url: p.query ? `${url}?${p.query}` : url,
          headers: { ...p.headers, 'content-type': 'application/json' },
          payload: JSON.stringify({ content: { title: 'Defaced', chapters: [] }, textbookId: book.id, contentType: 'quiz' }),
        });
        // 401 from authentication (the first onRequest hook, before the body is read); 400 only where a route refuses the request's shape earlier.
        expect([400, 401], `${method} ${path} with the token as ${p.name}: ${res.statusCode}`).toContain(res.statusCode);
        if (res.statusCode === 401) checked++;
      }
    }
    // Most are turned away by authentication itself; the rest by their body check before it.
    expect(checked).toBeGreaterThan(((writes.length - openWrites.size) * presentations.length) / 2);

    // The token's own paths answer reads only: any other method finds no route.
    for (const path of [`/api/shared/${token}`, `/api/shared/${token}/images/${image.id}`]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await h.app.inject({ method, url: path, payload: { content: { title: 'Defaced', chapters: [] } } });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
      }
    }
    // And the book, its materials and the link are as they were (a rotated or revoked link would answer 404).
    expect((await h.app.inject({ method: 'GET', url: `/api/shared/${token}` })).body).toBe(before);
  });

  it('the collaboration socket does not accept a token instead of an account', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const { token } = (
      await h.app.inject({ method: 'POST', url: `/api/textbooks/${book.id}/share`, headers: { cookie: owner.cookie } })
    ).json() as { token: string };
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { WebSocket } = await import('ws');
    const closed = await new Promise<{ code: number }>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`, {
        headers: { authorization: `Bearer ${token}`, cookie: `token=${token}` },
      });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'join', textbookId: book.id })));
      ws.on('close', (code) => resolve({ code }));
      ws.on('unexpected-response', (_req, res) => resolve({ code: res.statusCode ?? 0 }));
      ws.on('error', () => undefined);
    });
    expect(closed.code).toBe(4401);
  });
});

describe('rate limits on the public reader calls', () => {
  it('answers 429 with the error format once one address passes 120 book requests a minute', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      statuses.push((await h.app.inject({ method: 'GET', url: '/api/shared/not-a-token', remoteAddress: ip })).statusCode);
    }
    expect(statuses.slice(0, 120).every((s) => s === 404)).toBe(true);
    const limited = await h.app.inject({ method: 'GET', url: '/api/shared/not-a-token', remoteAddress: ip });
    expect(statuses[120]).toBe(429);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await h.app.inject({ method: 'GET', url: '/api/shared/not-a-token', remoteAddress: '203.0.113.8' })).statusCode).toBe(404);
  });
});
