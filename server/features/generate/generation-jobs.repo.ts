import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { generationJobs } from '@server/db/schema';

export type GenerationJobRow = typeof generationJobs.$inferSelect;

export function findJob(db: DbOrTx, id: string) {
  return db
    .select()
    .from(generationJobs)
    .where(eq(generationJobs.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Inserts a running job; false when the id is taken (by this or another user). */
export async function insertJob(db: DbOrTx, values: { id: string; userId: number }): Promise<boolean> {
  const rows = await db
    .insert(generationJobs)
    .values({ ...values, status: 'running', stage: 0, percent: 0 })
    .onConflictDoNothing()
    .returning({ id: generationJobs.id });
  return rows.length > 0;
}

export async function updateJob(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      GenerationJobRow,
      'status' | 'stage' | 'percent' | 'message' | 'textbookId' | 'input' | 'errorCode' | 'errorStatus' | 'worker' | 'attempts'
    >
  >,
): Promise<void> {
  await db
    .update(generationJobs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(generationJobs.id, id));
}

export async function deleteJobsOlderThan(db: DbOrTx, userId: number, before: Date): Promise<void> {
  await db.delete(generationJobs).where(and(eq(generationJobs.userId, userId), lt(generationJobs.updatedAt, before)));
}

/**
 * Starts a job over (a retry after a failure, or after its instance stopped while reading the
 * files), only if nobody changed it since it was read: of two retries at once, one takes it.
 */
export async function restartJob(db: DbOrTx, row: { id: string; userId: number; updatedAt: Date }): Promise<boolean> {
  const rows = await db
    .update(generationJobs)
    .set({
      status: 'running',
      stage: 0,
      percent: 0,
      message: null,
      textbookId: null,
      input: null,
      errorCode: null,
      errorStatus: null,
      attempts: 0,
      updatedAt: new Date(),
    })
    .where(and(eq(generationJobs.id, row.id), eq(generationJobs.userId, row.userId), eq(generationJobs.updatedAt, row.updatedAt)))
    .returning({ id: generationJobs.id });
  return rows.length > 0;
}
