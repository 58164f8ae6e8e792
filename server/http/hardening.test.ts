import { statSync, mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../config';
import { secureDataDir } from '../db/data-dir';
import { useHarness } from '../test/harness.support';

const h = useHarness();

describe('health', () => {
  it('answers {status, database, uptime} without an account, and /api/ready', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
    expect(typeof res.json().uptime).toBe('number');
    expect((await h.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
  });
});

describe('cross-site requests', () => {
  it('refuses a state change from another site (Origin or Sec-Fetch-Site) and lets the own origin and API clients through', async () => {
    const alice = await h.createUser('alice');
    const foreign = await h.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: alice.cookie, origin: 'http://evil.example', host: 'localhost:5000' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Cross-site requests are not allowed.');
    const fetchMeta = await h.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: alice.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchMeta.statusCode).toBe(403);
    const multipartForm = await h.app.inject({
      method: 'POST',
      url: '/api/textbooks/generate-outline',
      headers: {
        cookie: alice.cookie,
        origin: 'http://evil.example',
        host: 'localhost:5000',
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="topic"\r\n\r\nStolen\r\n--x--\r\n',
    });
    expect(multipartForm.statusCode).toBe(403);
    // Reading is not a state change; the app's own pages and clients without an Origin pass.
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: alice.cookie, origin: 'http://evil.example' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { cookie: alice.cookie, origin: 'http://localhost:5000', host: 'localhost:5000' },
        })
      ).statusCode,
    ).toBeLessThan(300);
  });
});

describe('client addresses', () => {
  it('believes no X-Forwarded-For by default, so rotating it does not escape the login throttle', async () => {
    await h.createUser('victim');
    let last = 0;
    for (let i = 0; i < 15; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'victim', password: `wrong-${i}` },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('reads TRUST_PROXY as none, all, a hop count or a list', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});

describe('body limits', () => {
  it('refuses a login body over 16 KB before parsing it', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'x'.repeat(20_000), password: 'secret' } });
    expect(res.statusCode).toBe(413);
  });
});

describe('the data folder', () => {
  it("is the server account's only: folders 0700, files 0600, existing ones fixed", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'data-'));
    mkdirSync(path.join(dir, 'pglite'), { mode: 0o755 });
    writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), '16', { mode: 0o666 });
    secureDataDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'pglite')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'pglite', 'PG_VERSION')).mode & 0o777).toBe(0o600);
  });
});
