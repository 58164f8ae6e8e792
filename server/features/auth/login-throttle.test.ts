import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { testConfig, useHarness } from '@server/test/harness.support';
import { LoginThrottle } from './login-throttle';

const h = useHarness();

function login(username: string, password: string, headers: Record<string, string> = {}, app = h.app) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers });
}

describe('failed sign-ins, counted in the database', () => {
  it('blocks the account after 10 failures, refuses the right password while blocked, and says how long', async () => {
    const victim = await h.createUser('victim');
    for (let i = 0; i < 10; i++) expect((await login(victim.username, `guess-${i}`)).statusCode).toBe(401);
    const blocked = await login(victim.username, victim.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed login attempts. Please wait a minute and try again.');
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(0);
  });

  it('counts per account across addresses and instances: a second app on the same database sees the block', async () => {
    const victim = await h.createUser('shared');
    // A second instance on the same database, as behind a load balancer.
    const other = await buildApp({ config: testConfig({ trustProxy: true }), database: h.database });
    try {
      for (let i = 0; i < 10; i++) {
        const app = i % 2 ? h.app : other.app;
        expect((await login(victim.username, `guess-${i}`, { 'x-forwarded-for': `198.51.100.${i}` }, app)).statusCode).toBe(401);
      }
      expect((await login(victim.username, victim.password, { 'x-forwarded-for': '203.0.113.77' }, other.app)).statusCode).toBe(429);
      expect((await login(victim.username, victim.password, {}, h.app)).statusCode).toBe(429);
    } finally {
      await other.app.close();
    }
  });

  it('counts per address: one address guessing at many accounts is blocked, even for an account it knows', async () => {
    const mine = await h.createUser('mine');
    const proxied = await buildApp({ config: testConfig({ trustProxy: true }), database: h.database });
    try {
      const from = { 'x-forwarded-for': '192.0.2.200' };
      for (let i = 0; i < 50; i++) expect((await login(`nobody-${i}`, 'guess-guess', from, proxied.app)).statusCode).toBe(401);
      expect((await login(mine.username, mine.password, from, proxied.app)).statusCode).toBe(429);
      // Another address is not blocked for that account.
      expect((await login(mine.username, mine.password, { 'x-forwarded-for': '192.0.2.201' }, proxied.app)).statusCode).toBe(200);
    } finally {
      await proxied.app.close();
    }
  });

  it('doubles the wait with each failure past the allowance, forgets old counts, and a success clears the account', async () => {
    const throttle = new LoginThrottle(h.database.db, {
      perAccount: 3,
      perAddress: 100,
      windowMs: 15 * 60_000,
      firstBlockMs: 60_000,
      longestBlockMs: 8 * 60_000,
    });
    const t0 = new Date('2030-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    for (let i = 0; i < 2; i++) await throttle.recordFailure('Backoff', '10.0.0.1', t0);
    expect(await throttle.blockedFor('backoff', '10.0.0.2', t0)).toBe(0);
    await throttle.recordFailure('backoff', '10.0.0.1', t0);
    expect(await throttle.blockedFor('BACKOFF', '10.0.0.2', t0)).toBe(60_000);
    await throttle.recordFailure('backoff', '10.0.0.1', at(2));
    expect(await throttle.blockedFor('backoff', '10.0.0.2', at(2))).toBe(120_000);
    await throttle.recordFailure('backoff', '10.0.0.1', at(5));
    expect(await throttle.blockedFor('backoff', '10.0.0.2', at(5))).toBe(240_000);
    for (let i = 0; i < 5; i++) await throttle.recordFailure('backoff', '10.0.0.1', at(10));
    expect(await throttle.blockedFor('backoff', '10.0.0.2', at(10))).toBe(8 * 60_000);
    // Long after the last block ended, the count starts again.
    await throttle.recordFailure('backoff', '10.0.0.1', at(60));
    expect(await throttle.blockedFor('backoff', '10.0.0.2', at(60))).toBe(0);
    await throttle.recordSuccess('backoff');
    for (let i = 0; i < 2; i++) await throttle.recordFailure('backoff', '10.0.0.3', at(61));
    expect(await throttle.blockedFor('backoff', '10.0.0.4', at(61))).toBe(0);
    // The purge keeps what still blocks or is recent, and drops the rest.
    expect(await throttle.purge(at(24 * 60))).toBeGreaterThan(0);
    expect(await throttle.blockedFor('backoff', '10.0.0.1', at(24 * 60))).toBe(0);
  });
});

describe('a stranger guessing cannot lock the owner out', () => {
  const knownDeviceOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
    res.cookies.find((c) => c.name === 'known_device')?.value;

  it('lets the owner in from a browser they signed in from before, while strangers stay blocked', async () => {
    const proxied = await buildApp({ config: testConfig({ trustProxy: true }), database: h.database });
    try {
      const owner = await h.createUser('owner-device');
      const other = await h.createUser('other-device');
      const home = { 'x-forwarded-for': '203.0.113.10' };
      const first = await login(owner.username, owner.password, home, proxied.app);
      expect(first.statusCode).toBe(200);
      const device = knownDeviceOf(first);
      expect(device).toBeTruthy();
      const otherDevice = knownDeviceOf(await login(other.username, other.password, home, proxied.app));

      // Someone else, from many addresses, guesses at the owner's name until the account is blocked.
      for (let i = 0; i < 10; i++) {
        const from = { 'x-forwarded-for': `198.51.100.${i + 20}` };
        expect((await login(owner.username, `wrong-${i}`, from, proxied.app)).statusCode).toBe(401);
      }
      // A new browser, even with the right password, waits out the delay.
      expect((await login(owner.username, owner.password, { 'x-forwarded-for': '203.0.113.11' }, proxied.app)).statusCode).toBe(429);
      // So does a browser known for another account, and one with a made-up cookie.
      const knownForOther = await login(owner.username, owner.password, { ...home, cookie: `known_device=${otherDevice}` }, proxied.app);
      expect(knownForOther.statusCode).toBe(429);
      const forged = await login(owner.username, owner.password, { ...home, cookie: `known_device=${owner.id}` }, proxied.app);
      expect(forged.statusCode).toBe(429);
      // The owner's own browser is let in.
      const back = await login(owner.username, owner.password, { ...home, cookie: `known_device=${device}` }, proxied.app);
      expect(back.statusCode).toBe(200);
      expect(back.json().username).toBe(owner.username);
      // A wrong password from the known browser is still refused, and the guessing address stays blocked.
      expect((await login(owner.username, 'still-wrong', { ...home, cookie: `known_device=${device}` }, proxied.app)).statusCode).toBe(401);
    } finally {
      await proxied.app.close();
    }
  });

  it('still blocks an address guessing from a known browser', async () => {
    const proxied = await buildApp({ config: testConfig({ trustProxy: true }), database: h.database });
    try {
      const owner = await h.createUser('known-guesser');
      const from = { 'x-forwarded-for': '192.0.2.150' };
      const device = knownDeviceOf(await login(owner.username, owner.password, from, proxied.app));
      for (let i = 0; i < 50; i++) await login(`someone-${i}`, 'guess-guess', { ...from, cookie: `known_device=${device}` }, proxied.app);
      expect((await login(owner.username, owner.password, { ...from, cookie: `known_device=${device}` }, proxied.app)).statusCode).toBe(
        429,
      );
    } finally {
      await proxied.app.close();
    }
  });
});
