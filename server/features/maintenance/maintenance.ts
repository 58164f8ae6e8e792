import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '@server/features/app-deps';
import { purgeExpiredSessions } from '../auth/auth.service';
import { purgeExpiredTrash } from '../textbooks/textbook-trash';

/** How often expired sessions, stale sign-in failures and textbooks past the trash's 30 days are deleted. */
export const maintenanceIntervalMs = 60 * 60 * 1000;

export interface MaintenanceReport {
  sessions: number;
  loginFailures: number;
  trashedTextbooks: number;
}

/** One pass; every instance may run it (each delete is idempotent). */
export async function runMaintenance(deps: AppDeps, now = new Date()): Promise<MaintenanceReport> {
  const db = deps.database.db;
  return {
    sessions: await purgeExpiredSessions(db, now),
    loginFailures: await deps.loginThrottle.purge(now),
    trashedTextbooks: await purgeExpiredTrash(db, now),
  };
}

/** Runs a pass a minute after start and then hourly; the timer never keeps the process alive. */
export function startMaintenance(deps: AppDeps, log: FastifyBaseLogger): () => void {
  const run = () =>
    runMaintenance(deps)
      .then((report) => log.debug({ report }, 'maintenance done'))
      .catch((err: unknown) => log.error({ err }, 'maintenance failed'));
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, maintenanceIntervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
