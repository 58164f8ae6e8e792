import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database, type PgliteThreadMode } from '../db/client';

/**
 * A fresh, migrated database for one test file: PGlite by default, PostgreSQL in CI's second pass.
 * PGlite runs where PGLITE_THREAD says (as the server), unless `thread` says otherwise.
 */
export async function createTestDatabase(opts: { thread?: PgliteThreadMode } = {}): Promise<Database> {
  const templateUrl = inject('pgTemplateUrl');
  if (templateUrl) {
    const name = `ts_test_${randomBytes(6).toString('hex')}`;
    const adminUrl = new URL(templateUrl);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(templateUrl).pathname.slice(1)}`);
    await admin.end();
    const url = new URL(templateUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    const close = database.close;
    return {
      ...database,
      async close() {
        await close();
        const a = new pg.Client({ connectionString: adminUrl.toString() });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteDump'));
  const thread = opts.thread ?? (process.env.PGLITE_THREAD?.trim() === 'main' ? 'main' : 'worker');
  return openPglite(undefined, { loadDataDir: new Blob([dump]), thread });
}
