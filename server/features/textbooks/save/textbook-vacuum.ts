import { moduleErrorLog, type ErrorLog } from '@server/core/logger';
import type { Database } from '@server/db/client';
import { vacuumTextbooks } from '../textbooks.repo';

/**
 * PGlite runs PostgreSQL in single-user mode, which has no autovacuum: every save leaves
 * the replaced content (megabytes for a large book, stored uncompressed) on disk for good.
 * Vacuuming costs time (a few hundred ms after dozens of 5 MB saves, and PGlite answers nothing
 * else meanwhile), so it waits for a pause: once saves have stopped for a while and enough of
 * them piled up. Under constant autosave there is no pause, so it also runs after `maxSaves`
 * saves or `maxWaitMs` since the first save it has not covered, whichever comes first.
 * PostgreSQL has its own autovacuum and is left alone.
 */
const idleMs = 30_000;
const minSaves = 10;
const maxSaves = 200;
const maxWaitMs = 10 * 60_000;

export interface VacuumOptions {
  idleMs?: number;
  minSaves?: number;
  maxSaves?: number;
  maxWaitMs?: number;
  now?: () => number;
  /** Where a failed vacuum is reported (the save path: the app's logger). */
  onError?: ErrorLog;
}

const pending = new WeakMap<Database, { saves: number; since?: number; timer?: NodeJS.Timeout }>();

function vacuumNow(database: Database, onError: ErrorLog): Promise<void> {
  return vacuumTextbooks(database.db).catch((err: unknown) => onError('vacuuming textbooks failed', err));
}

/** Call after each committed save; answers the vacuum when this save started one at once. */
export function vacuumWhenIdle(database: Database, opts: VacuumOptions = {}): Promise<void> | undefined {
  if (database.kind !== 'pglite') return undefined;
  const now = (opts.now ?? Date.now)();
  const state = pending.get(database) ?? { saves: 0 };
  pending.set(database, state);
  state.saves += 1;
  state.since ??= now;
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  const reset = () => {
    state.saves = 0;
    state.since = undefined;
  };
  if (state.saves >= (opts.maxSaves ?? maxSaves) || now - state.since >= (opts.maxWaitMs ?? maxWaitMs)) {
    reset();
    return vacuumNow(database, opts.onError ?? moduleErrorLog);
  }
  if (state.saves < (opts.minSaves ?? minSaves)) return undefined;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    reset();
    void vacuumNow(database, opts.onError ?? moduleErrorLog);
  }, opts.idleMs ?? idleMs);
  state.timer.unref();
  return undefined;
}
