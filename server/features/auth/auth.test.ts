import { describe, expect, it } from 'vitest';
import { cookieFrom, useHarness } from '@server/test/harness.support';

const h = useHarness();

function register(payload: unknown, headers: Record<string, string> = {}) {
  return h.app.inject({ method: 'POST', url: '/api/register', payload: payload as object, headers });
}
function login(payload: unknown) {
  return h.app.inject({ method: 'POST', url: '/api/login', payload: payload as object });
}

describe('register', () => {
  it('creates a user, answers {id, username} and signs in', async () => {
    const res = await register({ username: 'ada_lovelace', password: 'engine-1843' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), username: 'ada_lovelace' });
    expect(res.body).not.toMatch(/hash|password/i);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookieFrom(res) } });
    expect(me.json()).toEqual({ id: res.json().id, username: 'ada_lovelace' });
  });

  it('refuses a short username and a short password with the spec messages', async () => {
    const a = await register({ username: 'ab', password: 'long-enough' });
    expect(a.statusCode).toBe(400);
    expect(a.json()).toEqual({ message: 'Username must be at least 3 characters', code: 'VALIDATION' });
    const b = await register({ username: 'abcdef', password: '12345' });
    expect(b.statusCode).toBe(400);
    expect(b.json().message).toBe('Password must be at least 6 characters');
  });

  it('refuses missing fields and wrong types with a clear message', async () => {
    const missing = await register({ username: 'someone' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/i);
    const wrongType = await register({ username: 12345, password: 'abcdefg' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe('VALIDATION');
    const notObject = await h.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: '"just a string"',
      headers: { 'content-type': 'application/json' },
    });
    expect(notObject.statusCode).toBe(400);
    const badJson = await h.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toMatch(/JSON/);
  });

  it('refuses a 1 MB username without crashing', async () => {
    // Refused by size before it is even parsed.
    const res = await register({ username: 'x'.repeat(1024 * 1024), password: 'abcdefg' });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('treats usernames case-insensitively: a taken name gets 409', async () => {
    expect((await register({ username: 'CaseyJones', password: 'abcdefg' })).statusCode).toBe(201);
    const dup = await register({ username: 'caseyjones', password: 'abcdefg' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/already exists/);
  });

  it('stores unicode and SQL-looking usernames literally', async () => {
    for (const username of ['Zoë_Ångström', 'Ωμέγα_2', "robert');DROP_TABLE_users;--"]) {
      const res = await register({ username, password: 'abcdefg' });
      expect(res.statusCode).toBe(201);
      expect(res.json().username).toBe(username);
      const again = await login({ username, password: 'abcdefg' });
      expect(again.statusCode).toBe(200);
    }
  });
});

describe('login and sessions', () => {
  it('logs in with the right password and not with a wrong one', async () => {
    await register({ username: 'grace_h', password: 'cobol-1959' });
    const ok = await login({ username: 'GRACE_H', password: 'cobol-1959' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe('grace_h');
    const bad = await login({ username: 'grace_h', password: 'wrong-pass' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Invalid username or password', code: 'UNAUTHORIZED' });
    const nobody = await login({ username: 'nobody_here', password: 'whatever' });
    expect(nobody.statusCode).toBe(401);
  });

  it('rate limits failed logins per username and address', async () => {
    await register({ username: 'target_user', password: 'the-real-one' });
    for (let i = 0; i < 10; i++) {
      expect((await login({ username: 'target_user', password: `guess-${i}` })).statusCode).toBe(401);
    }
    const blocked = await login({ username: 'target_user', password: 'the-real-one' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed login attempts/);
  });

  it('logout deletes the session: the old cookie no longer works', async () => {
    const res = await register({ username: 'leaver', password: 'abcdefg' });
    const cookie = cookieFrom(res);
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(out.statusCode).toBe(200);
    const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('a cookie that was never issued is anonymous', async () => {
    const forged = await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: 'sid=made-up-token.signature' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Not authenticated', code: 'UNAUTHORIZED' });
  });

  it('an expired session is anonymous', async () => {
    const res = await register({ username: 'expiring', password: 'abcdefg' });
    const cookie = cookieFrom(res);
    await h.database.db.execute(`update sessions set expires_at = now() - interval '1 minute'` as never);
    const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe('the API surface', () => {
  it('answers 401 JSON to anonymous callers and 404 JSON for unknown /api paths', async () => {
    const anon = await h.app.inject({ method: 'GET', url: '/api/user' });
    expect(anon.statusCode).toBe(401);
    expect(anon.headers['content-type']).toMatch(/json/);
    const unknown = await h.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('sets security headers on every response', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/user' });
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
