import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { durableStats } from './durable-nodefs';

async function settings(dir: string, fsync?: boolean) {
  const database = await openPglite(dir, { fsync });
  try {
    const res = await database.db.execute(sql`select name, setting from pg_settings where name in ('fsync', 'wal_sync_method')`);
    const rows = ((res as { rows?: unknown[] }).rows ?? res) as Array<{ name: string; setting: string }>;
    const before = durableStats.fsyncs;
    await database.db.execute(sql`create table t (v text)`);
    for (let i = 0; i < 3; i++) await database.db.execute(sql`insert into t values ('committed')`);
    return { ...Object.fromEntries(rows.map((r) => [r.name, r.setting])), fsyncs: durableStats.fsyncs - before };
  } finally {
    await database.close();
  }
}

describe('PGlite on disk', () => {
  it('syncs every commit to disk by default', async () => {
    const found = await settings(mkdtempSync(path.join(tmpdir(), 'durable-')));
    expect(found).toMatchObject({ fsync: 'on', wal_sync_method: 'fsync' });
    // Each commit's WAL flush is a real fsync(2).
    expect(found.fsyncs).toBeGreaterThanOrEqual(3);
  });

  it("leaves no file of a new database readable by other accounts (PGlite's first start writes them 0666)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'modes-'));
    const database = await openPglite(dir);
    await database.close();
    const loose: string[] = [];
    const walk = (p: string) => {
      const st = statSync(p);
      if ((st.mode & 0o077) !== 0) loose.push(`${p} ${(st.mode & 0o777).toString(8)}`);
      if (st.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
    };
    walk(dir);
    expect(loose).toEqual([]);
  });

  it('runs without fsync when the operator opts out (PGLITE_FSYNC=off)', async () => {
    const found = await settings(mkdtempSync(path.join(tmpdir(), 'durable-off-')), false);
    expect(found).toMatchObject({ fsync: 'off', fsyncs: 0 });
  });
});
