import type { PublicUser } from '../../../common/auth';
import type { GenerationJobResponse } from '../../../common/generate';
import { progressSteps } from '../../../common/limits';
import type { Db } from '../../db/client';
import { AppError } from '../../core/app-error';
import * as repo from './generation-jobs.repo';

/** Finished jobs are kept a day so a slow client still sees the outcome, then cleared on the user's next job. */
const keepFinishedMs = 24 * 60 * 60 * 1000;
/** Progress writes are throttled: the client polls every 600 ms, more often is wasted work. */
const minWriteIntervalMs = 250;

export type Stage = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * Reports a generation's progress. Without a job id every call
 * is a no-op, so the service code reads the same either way. Progress writes
 * never fail the generation: a lost update only makes the screen lag.
 */
export interface ProgressReporter {
  stage(stage: Stage, percent?: number, message?: string): void;
  /** Waits for pending writes (so a poll right after sees the last state). */
  flush(): Promise<void>;
  done(textbookId: number): Promise<void>;
  failed(message: string): Promise<void>;
}

const noop: ProgressReporter = {
  stage: () => undefined,
  flush: async () => undefined,
  done: async () => undefined,
  failed: async () => undefined,
};

export async function startJob(db: Db, user: PublicUser, jobId: string | undefined): Promise<ProgressReporter> {
  if (!jobId) return noop;
  await repo.deleteJobsOlderThan(db, user.id, new Date(Date.now() - keepFinishedMs)).catch(() => undefined);
  const created = await repo.insertJob(db, { id: jobId, userId: user.id });
  if (!created) {
    // Another running or finished job owns the id: progress is not reported twice into one row.
    throw AppError.conflict('This generation job id is already in use. Please try again.');
  }
  let current = { stage: 0, percent: 0, message: progressSteps[0] as string };
  let lastWrite = 0;
  let pending: Promise<void> = Promise.resolve();
  let finished = false;
  const write = (values: Parameters<typeof repo.updateJob>[2]) => {
    pending = pending.then(() => repo.updateJob(db, jobId, values)).catch(() => undefined);
  };
  return {
    stage(stage, percent = 0, message) {
      if (finished) return;
      const p = Math.max(0, Math.min(100, Math.round(percent)));
      // Progress only moves forward, even if two stages report out of order.
      if (stage < current.stage || (stage === current.stage && p < current.percent)) return;
      const changedStage = stage !== current.stage;
      current = { stage, percent: p, message: message ?? progressSteps[stage] };
      const now = Date.now();
      if (!changedStage && p < 100 && now - lastWrite < minWriteIntervalMs) return;
      lastWrite = now;
      write({ stage: current.stage, percent: current.percent, message: current.message });
    },
    flush: () => pending,
    async done(textbookId) {
      finished = true;
      write({ status: 'done', stage: 5, percent: 100, message: 'Textbook stored', textbookId });
      await pending;
    },
    async failed(message) {
      finished = true;
      write({ status: 'failed', message });
      await pending;
    },
  };
}

/** A job's state for its owner; 404 for anyone else and for unknown ids (ids cannot be probed). */
export async function getJob(db: Db, user: PublicUser, jobId: string): Promise<GenerationJobResponse> {
  const row = await repo.findJob(db, jobId);
  if (!row || row.userId !== user.id) throw AppError.notFound('Generation job not found');
  const status = row.status === 'done' || row.status === 'failed' ? row.status : 'running';
  return {
    jobId: row.id,
    status,
    stage: Math.max(0, Math.min(progressSteps.length - 1, row.stage)),
    percent: Math.max(0, Math.min(100, row.percent)),
    message: row.message ?? undefined,
    textbookId: row.textbookId ?? undefined,
  };
}
