import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { acceptedEncodings, readCacheTtlMs, readTextbookAnswer, type ContentEncoding } from './textbook-read-cache';
import { createBook, sampleContent, shareBook } from '@server/test/books.support';

const h = useHarness();

/** A book large enough to be compressed (answers under 1 KB go out as they are). */
function bigContent(title: string) {
  return {
    ...sampleContent(title),
    chapters: Array.from({ length: 12 }, (_, i) => ({
      title: `Chapter ${i}`,
      content: `<p>${'Heat flows from hot to cold bodies until they reach equilibrium. '.repeat(30)}</p>`,
      sections: [],
    })),
  };
}

const browser = 'gzip, deflate, br';

function decode(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  if (res.headers['content-encoding'] === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (res.headers['content-encoding'] === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

/** GETs until the answer comes in `encoding` (compression runs in zlib's thread pool after the first request). */
async function getUntil(user: TestUser, id: number, acceptEncoding: string, encoding: ContentEncoding | undefined) {
  for (let i = 0; ; i++) {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/textbooks/${id}`,
      headers: { cookie: user.cookie, 'accept-encoding': acceptEncoding },
    });
    if (res.headers['content-encoding'] === encoding || i >= 100 || res.statusCode !== 200) return res;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Accept-Encoding', () => {
  it('takes brotli before gzip, honours q=0 and *, and ignores what the server does not make', () => {
    expect(acceptedEncodings(browser)).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip, deflate')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('GZIP;q=0, BR')).toEqual(['br']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe('compressed answers', () => {
  it('brotli for clients that take it, gzip for gzip-only clients, the same JSON in each; brotli is the smallest', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { content: bigContent('Heat') });
    const plain = await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: alice.cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await getUntil(alice, book.id, browser, 'br');
    const gz = await getUntil(alice, book.id, 'gzip', 'gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(br)).toBe(plain.body);
    expect(decode(gz)).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(gz.rawPayload.length);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers.vary).toContain('Accept-Encoding');
  });

  it('are made once per revision: the re-read after a few seconds keeps them while the revision stands', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { content: bigContent('Heat') });
    const t0 = Date.now();
    let first = await readTextbookAnswer(h.database, alice.id, book.id, t0, ['br']);
    for (let i = 0; i < 100 && first.encoding !== 'br'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      first = await readTextbookAnswer(h.database, alice.id, book.id, t0, ['br']);
    }
    expect(first.encoding).toBe('br');
    // Past the time-to-live the book is read again from the database; its compressed bytes are the same object.
    const reread = await readTextbookAnswer(h.database, alice.id, book.id, t0 + readCacheTtlMs, ['br']);
    expect(reread.encoding).toBe('br');
    expect(reread.body).toBe(first.body);
  });

  it('follow a save at once: no answer after it carries the old revision', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { content: bigContent('Heat') });
    const before = await getUntil(alice, book.id, browser, 'br');
    expect(JSON.parse(decode(before)).revision).toBe(1);
    const content = { ...JSON.parse(decode(before)).content, title: 'Heat, revised' };
    const saved = await h.app.inject({
      method: 'PATCH',
      url: `/api/textbooks/${book.id}`,
      headers: { cookie: alice.cookie },
      payload: { content, baseRevision: 1 },
    });
    expect(saved.statusCode).toBe(200);
    const seen = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/textbooks/${book.id}`,
        headers: { cookie: alice.cookie, 'accept-encoding': browser },
      });
      const body = JSON.parse(decode(res));
      expect(body).toMatchObject({ revision: 2, content: { title: 'Heat, revised' } });
      expect(res.headers.etag).toBe(`"tb${book.id}-r2-o"`);
      seen.add(String(res.headers['content-encoding']));
      if (res.headers['content-encoding'] === 'br') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen.has('br')).toBe(true);
  });

  it('are refused at once to a removed collaborator and to a session that logged out', async () => {
    const owner = await h.createUser('owner');
    const friend = await h.createUser('friend');
    const book = await createBook(h, owner, { content: bigContent('Heat') });
    await shareBook(h, book.id, friend);
    expect((await getUntil(friend, book.id, browser, 'br')).headers['content-encoding']).toBe('br');
    expect((await getUntil(owner, book.id, browser, 'br')).headers['content-encoding']).toBe('br');
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/textbooks/${book.id}/collaborators/${friend.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await getUntil(friend, book.id, browser, 'br')).statusCode).toBe(404);
    const out = await h.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: owner.cookie } });
    expect(out.statusCode).toBe(200);
    const after = await h.app.inject({
      method: 'GET',
      url: `/api/textbooks/${book.id}`,
      headers: { cookie: owner.cookie, 'accept-encoding': browser },
    });
    expect(after.statusCode).toBe(401);
  });
});
