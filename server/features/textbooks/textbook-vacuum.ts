import type { Database } from '../../db/client';
import { vacuumTextbooks } from './textbooks.repo';

/**
 * PGlite runs PostgreSQL in single-user mode, which has no autovacuum: every save leaves
 * the replaced content (megabytes for a large book, stored uncompressed) on disk for good.
 * Vacuuming costs time on the event loop (a few hundred ms after dozens of 5 MB saves), so it
 * waits for a pause: once saves have stopped for a while and enough of them piled up.
 * PostgreSQL has its own autovacuum and is left alone.
 */
const idleMs = 30_000;
const minSaves = 10;

const pending = new WeakMap<Database, { saves: number; timer?: NodeJS.Timeout }>();

export function vacuumWhenIdle(database: Database, opts: { idleMs?: number; minSaves?: number } = {}): void {
  if (database.kind !== 'pglite') return;
  const state = pending.get(database) ?? { saves: 0 };
  pending.set(database, state);
  state.saves += 1;
  if (state.timer) clearTimeout(state.timer);
  if (state.saves < (opts.minSaves ?? minSaves)) return;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    state.saves = 0;
    vacuumTextbooks(database.db).catch((err: unknown) => console.error('vacuuming textbooks failed', (err as Error).message));
  }, opts.idleMs ?? idleMs);
  state.timer.unref();
}
