import type { Database } from '../client';
import { InProcessJobQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';

export type { JobHandler, JobQueue, JobRun } from './job-queue';

/** pg-boss on PostgreSQL, the in-process runner on PGlite (one process): pg-boss is loaded only when used. */
export async function createJobQueue(
  database: Database,
  options: { instanceId: string; onError?: (message: string, err: unknown) => void },
): Promise<JobQueue> {
  if (database.kind === 'postgres' && database.pool) {
    const { PgBossJobQueue } = await import('./pg-boss-queue');
    return new PgBossJobQueue(database.pool, options);
  }
  return new InProcessJobQueue(database.db, options.instanceId);
}
