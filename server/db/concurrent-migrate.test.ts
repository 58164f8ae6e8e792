import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, needsPostgres, startInstance, stopInstance, type Instance } from '../test/instances.support';

/**
 * Two instances started at once on an empty PostgreSQL database both migrate it; the advisory
 * lock makes the second wait for the first and find nothing left to do (docs/decisions.md,
 * "Migrations under a lock"). CI's PostgreSQL pass runs it (TEST_DATABASE_URL).
 */
const templateUrl = inject('pgTemplateUrl');

describe.skipIf(!templateUrl)(`two instances migrating one empty database at once (${templateUrl ? 'running' : needsPostgres})`, () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  const instances: Instance[] = [];

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    await database?.drop();
  }, 60_000);

  it('both start, and every migration is applied once', async () => {
    database = await createDatabase(templateUrl, { empty: true });
    const secret = randomBytes(24).toString('base64url');
    const started = await Promise.allSettled([startInstance(database.url, secret), startInstance(database.url, secret)]);
    for (const s of started) if (s.status === 'fulfilled') instances.push(s.value);
    expect(started.map((s) => (s.status === 'fulfilled' ? 'started' : String(s.reason).slice(0, 400)))).toEqual(['started', 'started']);
    for (const instance of instances) expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const applied = await client.query<{ hash: string; n: string }>(
        'SELECT hash, count(*) AS n FROM drizzle.__drizzle_migrations GROUP BY hash',
      );
      expect(applied.rows.length).toBeGreaterThan(0);
      expect(applied.rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
    } finally {
      await client.end();
    }
  }, 180_000);
});
