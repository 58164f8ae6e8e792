import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieFrom, useHarness } from '@server/test/harness.support';
import { runMaintenance } from '../maintenance/maintenance';
import { forgetSessions } from './session-cache';

const h = useHarness();

const me = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

async function signIn(username: string, password: string): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res);
}

/** Changes the user's sessions in the database, as time passing would, and drops this process's few-second cache of them. */
async function age(userId: number, set: string) {
  await h.database.db.execute(sql.raw(`update sessions set ${set} where user_id = ${userId}`));
  forgetSessions(h.database.db, { userId });
}

describe('session expiry', () => {
  it('ends a session idle for 7 days, though its 30 days are not over', async () => {
    const u = await h.createUser('idle');
    expect((await me(u.cookie)).statusCode).toBe(200);
    await age(u.id, `last_seen_at = now() - interval '7 days 1 minute'`);
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('slides: a session used within the week lives on, and its use is recorded', async () => {
    const u = await h.createUser('active');
    await age(u.id, `last_seen_at = now() - interval '6 days 23 hours'`);
    expect((await me(u.cookie)).statusCode).toBe(200);
    expect(await idleSeconds(u.id)).toBeLessThan(60);
  });

  it('ends a session 30 days after sign-in however busy it is', async () => {
    const u = await h.createUser('busy');
    await age(u.id, `expires_at = now() - interval '1 second', last_seen_at = now()`);
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('purges ended sessions periodically and keeps live ones', async () => {
    const gone = await h.createUser('gone');
    const idle = await h.createUser('idle2');
    const live = await h.createUser('live');
    await age(gone.id, `expires_at = now() - interval '1 day'`);
    await age(idle.id, `last_seen_at = now() - interval '8 days'`);
    const report = await runMaintenance(h.deps);
    expect(report.sessions).toBeGreaterThanOrEqual(2);
    const left = await countSessions([gone.id, idle.id, live.id]);
    expect(left).toEqual({ [gone.id]: 0, [idle.id]: 0, [live.id]: 1 });
  });
});

describe('signing out', () => {
  it('logout ends the session at once, even for this process that had it cached', async () => {
    const u = await h.createUser('cached');
    expect((await me(u.cookie)).statusCode).toBe(200);
    const out = await h.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: u.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('"Sign out everywhere" ends every session of the user and no one else\'s', async () => {
    const u = await h.createUser('everywhere');
    const other = await h.createUser('bystander');
    const laptop = await signIn(u.username, u.password);
    const phone = await signIn(u.username, u.password);
    for (const c of [u.cookie, laptop, phone]) expect((await me(c)).statusCode).toBe(200);
    const res = await h.app.inject({ method: 'POST', url: '/api/logout-everywhere', headers: { cookie: laptop } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/sid=;/);
    for (const c of [u.cookie, laptop, phone]) expect((await me(c)).statusCode).toBe(401);
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/api/logout-everywhere' })).statusCode).toBe(401);
  });
});

async function idleSeconds(userId: number): Promise<number> {
  const res = await h.database.db.execute(
    sql.raw(`select extract(epoch from now() - last_seen_at)::float as idle from sessions where user_id = ${userId}`),
  );
  return Number(rowsOf<{ idle: number }>(res)[0]?.idle);
}

async function countSessions(ids: number[]): Promise<Record<number, number>> {
  const res = await h.database.db.execute(
    sql.raw(`select user_id, count(*)::int as n from sessions where user_id in (${ids.join(',')}) group by user_id`),
  );
  const out: Record<number, number> = Object.fromEntries(ids.map((id) => [id, 0]));
  for (const r of rowsOf<{ user_id: number; n: number }>(res)) out[r.user_id] = Number(r.n);
  return out;
}

/** PGlite answers {rows}, node-postgres a result with rows too. */
function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}
