import type { Database } from '../client';
import { InProcessJobQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';
import { PgBossJobQueue } from './pg-boss-queue';

export type { JobHandler, JobQueue, JobRun } from './job-queue';

/** pg-boss on PostgreSQL, the in-process runner on PGlite (one process). */
export function createJobQueue(
  database: Database,
  options: { instanceId: string; onError?: (message: string, err: unknown) => void },
): JobQueue {
  if (database.kind === 'postgres' && database.pool) return new PgBossJobQueue(database.pool, options);
  return new InProcessJobQueue(database.db, options.instanceId);
}
