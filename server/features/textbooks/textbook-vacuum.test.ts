import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness';
import { vacuumWhenIdle } from './textbook-vacuum';

const h = useHarness();

async function lastVacuum(): Promise<string | null> {
  const rows = await h.database.db.execute<{ last: string | null }>(
    sql`select last_vacuum::text as last from pg_stat_user_tables where relname = 'textbooks'`,
  );
  const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: Array<{ last: string | null }> }).rows) as Array<{
    last: string | null;
  }>;
  return list[0]?.last ?? null;
}

describe('vacuumWhenIdle', () => {
  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    'vacuums the textbooks table on PGlite once saves pause, not while they go on',
    async () => {
      expect(await lastVacuum()).toBeNull();
      vacuumWhenIdle(h.database, { idleMs: 600, minSaves: 2 });
      await new Promise((r) => setTimeout(r, 800));
      expect(await lastVacuum()).toBeNull(); // one save is not enough
      vacuumWhenIdle(h.database, { idleMs: 600, minSaves: 2 });
      await new Promise((r) => setTimeout(r, 300));
      vacuumWhenIdle(h.database, { idleMs: 600, minSaves: 2 }); // still saving: the wait starts again
      await new Promise((r) => setTimeout(r, 300));
      expect(await lastVacuum()).toBeNull();
      await new Promise((r) => setTimeout(r, 1000));
      expect(await lastVacuum()).not.toBeNull();
    },
  );
});
