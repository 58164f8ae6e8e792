import { sql } from 'drizzle-orm';
import { describe, expect, inject, it, vi } from 'vitest';
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
    const idle = { idleMs: 600, minSaves: 2 };
    // The idle wait runs on a clock the test moves on; the database keeps real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      vacuumWhenIdle(h.database, idle);
      vi.advanceTimersByTime(800);
      expect(await lastVacuum()).toBeNull(); // one save is not enough
      vacuumWhenIdle(h.database, idle);
      vi.advanceTimersByTime(300);
      vacuumWhenIdle(h.database, idle); // still saving: the wait starts again
      vi.advanceTimersByTime(300); // the first wait would have ended here
      expect(await lastVacuum()).toBeNull();
      vi.advanceTimersByTime(300); // a whole idle wait since the last save
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect(await lastVacuum()).not.toBeNull(), { timeout: 10_000 });
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
