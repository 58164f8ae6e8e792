import { describe, expect, it } from 'vitest';
import { createBook } from '../test/books.support';
import { cookieFrom, useHarness, type TestUser } from '../test/harness.support';

// Rate limits as configured for production (the other test files multiply them).
const h = useHarness({ rateLimitFactor: 1 });

describe('authentication before the body', () => {
  it('refuses an anonymous 19 MB JSON body with 401 without parsing it', async () => {
    // Not JSON at all: had it been parsed, the answer would be 400 "not valid JSON".
    const junk = '{' + 'x'.repeat(19 * 1024 * 1024);
    const res = await h.app.inject({
      method: 'PATCH',
      url: '/api/textbooks/1',
      payload: junk,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated', code: 'UNAUTHORIZED' });
  });

  it('refuses an anonymous multipart upload with 401', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/extract-text',
      payload: '--x\r\nContent-Disposition: form-data; name="directContent"\r\n\r\nhello\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('body limits per route', () => {
  it('takes 1 MB by default, 16 KB for sign-in, and a whole book on the save', async () => {
    const alice = await h.createUser('alice');
    const big = { collaboratorId: 1, padding: 'x'.repeat(1100 * 1024) };
    const collab = await h.app.inject({
      method: 'POST',
      url: '/api/textbooks/1/collaborators',
      payload: big,
      headers: { cookie: alice.cookie },
    });
    expect(collab.statusCode).toBe(413);
    expect(collab.json()).toEqual({ message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'someone', password: 'y'.repeat(17 * 1024) },
    });
    expect(login.statusCode).toBe(413);
    // A 3 MB book passes the body limit of the save (it then answers 404: there is no book 999999).
    const book = { content: { title: 'T', chapters: [{ title: 'C', content: `<p>${'word '.repeat(600_000)}</p>`, sections: [] }] } };
    const save = await h.app.inject({ method: 'PATCH', url: '/api/textbooks/999999', payload: book, headers: { cookie: alice.cookie } });
    expect(save.statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  it('limits registration per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: `reg${i}_${process.pid}`, password: 'abcdefg' },
        remoteAddress: '198.51.100.9',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 60).every((c) => c === 201)).toBe(true);
    expect(codes[60]).toBe(429);
    // Another address may still register.
    const other = await h.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: `other_${process.pid}`, password: 'abcdefg' },
      remoteAddress: '198.51.100.10',
    });
    expect(other.statusCode).toBe(201);
  });

  it('limits user search per user, not per address: two users behind one address each get their own allowance', async () => {
    const [ann, bob] = [await h.createUser('ann'), await h.createUser('bob')];
    const search = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/users/search?q=zz', headers: { cookie } });
    for (let i = 0; i < 60; i++) expect((await search(ann.cookie)).statusCode).toBe(200);
    const limited = await search(ann.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search(bob.cookie)).statusCode).toBe(200);
  });

  it('limits each signed-in user separately (30 paragraph expansions a minute)', async () => {
    const bob = await h.createUser('bob');
    const carol = await h.createUser('carol');
    const bobs = await createBook(h, bob);
    const carols = await createBook(h, carol);
    const expand = (user: TestUser, textbookId: number) =>
      h.app.inject({
        method: 'POST',
        url: '/api/ai/expand-paragraph',
        payload: { paragraphContent: 'Velocity is the rate of change of position.', textbookId },
        headers: { cookie: user.cookie },
      });
    for (let i = 0; i < 30; i++) expect((await expand(bob, bobs.id)).statusCode).toBe(200);
    expect((await expand(bob, bobs.id)).statusCode).toBe(429);
    // Another user is not affected by bob's use.
    expect((await expand(carol, carols.id)).statusCode).toBe(200);
  });

  it('limits generation per user', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: `gen_${process.pid}`, password: 'abcdefg' },
    });
    const cookie = cookieFrom(res);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      // No topic: each is refused at once, and still counts.
      const r = await h.app.inject({ method: 'POST', url: '/api/textbooks/generate-outline', payload: {}, headers: { cookie } });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
