import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import { vacuumWhenIdle } from './textbook-vacuum';

const h = useHarness();
/** The test database of this run (server/test/global-setup.support.ts): vacuuming here is PGlite's. */
const onPglite = !inject('pgTemplateUrl');

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
  it.runIf(onPglite)('vacuums the textbooks table on PGlite once saves pause, not while they go on', async () => {
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
  });

  it.runIf(onPglite)('vacuums under constant autosave too: after so many saves, or so long since the first one not covered', async () => {
    const before = await lastVacuum();
    const steady = { idleMs: 60_000, minSaves: 2, maxSaves: 5, maxWaitMs: 600_000, now: () => 1_000 };
    // Saves never pause long enough for the idle wait: the fifth starts a vacuum at once.
    for (let i = 0; i < 4; i++) expect(vacuumWhenIdle(h.database, steady)).toBeUndefined();
    await vacuumWhenIdle(h.database, steady);
    const afterCount = await lastVacuum();
    expect(afterCount).not.toBeNull();
    expect(afterCount).not.toBe(before);
    // Few saves, but ten minutes since the first one the last vacuum did not cover.
    let t = 0;
    const slow = { ...steady, maxSaves: 1000, now: () => t };
    expect(vacuumWhenIdle(h.database, slow)).toBeUndefined();
    t = 599_999;
    expect(vacuumWhenIdle(h.database, slow)).toBeUndefined();
    t = 600_000;
    await vacuumWhenIdle(h.database, slow);
    expect(await lastVacuum()).not.toBe(afterCount);
  });
});
