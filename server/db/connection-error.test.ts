import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTextbook } from '@server/features/textbooks/textbooks.service';
import { bookContent } from '@server/test/realtime/realtime.support';
import { createDatabase, registerUser, startInstance, stopInstance, type Instance } from '@server/test/instances.support';
import { openPostgres, type Database } from './client';
import { isDatabaseUnavailable } from './connection-error';

/**
 * A PostgreSQL restart while a connection is held (issue "Hardening II", H-3: 11 of 12 restarts
 * during a 4 MB save crashed the instance with an unhandled 'error' event on a pg Client): the
 * request in flight fails with a 503, the process stays up, the next request is served.
 */
describe('isDatabaseUnavailable', () => {
  it('knows a dropped or refused connection from a fault of the query', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    // Drizzle wraps the driver's error.
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: Object.assign(new Error('x'), { code: '08006' }) }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
  });
});

const templateUrl = inject('pgTemplateUrl');

/** Ends every session on one database, as a restart does (each gets 57P01 and its socket closes). */
async function terminateSessions(url: string, except?: number): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  admin.on('error', () => undefined);
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  const res = await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND pid <> $2',
    [name, except ?? 0],
  );
  await admin.end();
  return res.rowCount ?? 0;
}

describe.skipIf(!templateUrl)('a database restart with connections held (PostgreSQL)', () => {
  let copy: { url: string; drop(): Promise<void> };
  let database: Database;
  let instance: Instance | undefined;

  beforeAll(async () => {
    copy = await createDatabase(templateUrl);
    database = await openPostgres(copy.url, () => undefined);
  }, 60_000);
  afterAll(async () => {
    if (instance) await stopInstance(instance);
    await database?.close();
    await copy?.drop();
  }, 30_000);

  it('a connection held in a transaction fails its query, not the process; the pool serves the next one', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await terminateSessions(copy.url);
        // The held client's socket is closed under it: an 'error' event nobody listened to ended the process here.
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`SELECT 2`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const again = await database.db.execute(sql`SELECT 3 AS n`);
    expect(again.rows[0]).toEqual({ n: 3 });
  });

  it('an instance whose database restarts during 4 MB saves answers 200 or 503 and stays up', async () => {
    instance = await startInstance(copy.url, randomBytes(24).toString('base64url'));
    const base = instance.url;
    const alice = await registerUser(base, 'alice');
    const { id } = await createTextbook(database.db, {
      owner: { id: alice.id, username: alice.username },
      topic: 'Restart',
      content: bookContent(2),
    });
    const content = bookContent(40);
    const filler = `<p>${'A sentence that fills the book to about four megabytes. '.repeat(1700)}</p>`;
    for (const ch of content.chapters) for (const s of ch.sections) s.content = filler;
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const save = fetch(`${base}/api/textbooks/${id}`, {
        method: 'PATCH',
        headers: { cookie: alice.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content: { ...content, title: `Restart ${round}` } }),
      });
      // While the save holds its connection (its transaction writes a version and the book).
      await new Promise((r) => setTimeout(r, 50 + round * 60));
      await terminateSessions(copy.url);
      const res = await save;
      statuses.push(res.status);
      if (res.status === 503) expect(((await res.json()) as { code: string }).code).toBe('UNAVAILABLE');
      expect(instance.child.exitCode).toBeNull();
    }
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    // Still up and serving.
    await new Promise((r) => setTimeout(r, 300));
    expect(instance.child.exitCode).toBeNull();
    const after = await fetch(`${base}/api/textbooks/${id}`, { headers: { cookie: alice.cookie } });
    expect(after.status).toBe(200);
    console.log(`saves during database restarts answered: ${statuses.join(', ')}`);
  }, 120_000);
});
