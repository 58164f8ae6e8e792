import { randomUUID } from 'node:crypto';
import { lostWhileReadingMessage, type GenerationJobResponse } from '@common/generate';
import { progressSteps } from '@common/limits';
import type { Db, DbOrTx } from '@server/db/client';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import * as repo from './generation-jobs.repo';

/** Finished jobs are kept a day so a slow client still sees the outcome, then cleared on the user's next job. */
const keepFinishedMs = 24 * 60 * 60 * 1000;
/** Progress writes are throttled: the client polls every 600 ms, more often is wasted work. */
const minWriteIntervalMs = 250;
/**
 * A job still reading its files (no durable part yet) that has not moved for this long lost its
 * instance mid-request: it is reported as failed instead of running (for five minutes, before the
 * request that reads kept the row fresh with `whileReading`).
 */
const staleReadingMs = 30_000;
/** How often a request still reading its files says so in the job's row. */
const readingBeatMs = 5_000;

/**
 * Runs the reading part of a generation (extracting and storing the files, in the request) with a
 * heartbeat on the job's row, so a row left without one is known lost within `staleReadingMs`
 * however long one file takes to read.
 */
export async function whileReading<T>(db: Db, jobId: string, work: () => Promise<T>, everyMs = readingBeatMs): Promise<T> {
  const beat = setInterval(() => void repo.updateJob(db, jobId, {}).catch(() => undefined), everyMs);
  beat.unref();
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}

export type Stage = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * Reports a generation's progress into its row. Progress writes never fail the generation: a
 * lost update only makes the screen lag. Progress only moves forward.
 */
export interface ProgressReporter {
  readonly jobId: string;
  stage(stage: Stage, percent?: number, message?: string): void;
  /** Waits for pending writes (so a poll right after sees the last state). */
  flush(): Promise<void>;
  /** Records the failure with the error's message and status, so whoever waits answers with them. */
  failed(err: unknown): Promise<void>;
}

function errorOf(err: unknown): { message: string; code: string; status: number } {
  if (err instanceof AppError) return { message: err.message, code: err.code, status: err.status };
  return { message: 'The textbook could not be generated.', code: 'INTERNAL', status: 500 };
}

export function progressReporter(
  db: Db,
  jobId: string,
  from: { stage: number; percent: number } = { stage: 0, percent: 0 },
): ProgressReporter {
  let current = { stage: from.stage, percent: from.percent };
  let lastWrite = 0;
  let pending: Promise<void> = Promise.resolve();
  let finished = false;
  const write = (values: Parameters<typeof repo.updateJob>[2]) => {
    pending = pending.then(() => repo.updateJob(db, jobId, values)).catch(() => undefined);
  };
  return {
    jobId,
    stage(stage, percent = 0, message) {
      if (finished) return;
      const p = Math.max(0, Math.min(100, Math.round(percent)));
      if (stage < current.stage || (stage === current.stage && p < current.percent)) return;
      const changedStage = stage !== current.stage;
      current = { stage, percent: p };
      const now = Date.now();
      if (!changedStage && p < 100 && now - lastWrite < minWriteIntervalMs) return;
      lastWrite = now;
      write({ stage, percent: p, message: message ?? progressSteps[stage] });
    },
    flush: () => pending,
    async failed(err) {
      finished = true;
      const e = errorOf(err);
      write({ status: 'failed', message: e.message, errorCode: e.code, errorStatus: e.status });
      await pending;
    },
  };
}

/**
 * A job still reading its files whose row has not moved for this long lost its request (its
 * instance stopped): a re-sent request, which brings the files again, takes it over.
 */
const takeOverReadingMs = 20_000;

/** What a generation request starts: a job of its own, or the outcome of the job its id already names. */
export type StartedJob = { kind: 'new'; progress: ProgressReporter } | { kind: 'existing'; row: repo.GenerationJobRow };

/**
 * The user's generation job for a request: a new one (the client's id, it polls with it, or one
 * made here), or, when the client re-sends a generation with the same id (its instance stopped,
 * the network dropped the answer), that job: done or composing, the request answers with its book
 * and never makes a second one; failed, or lost while reading, this request starts it over.
 */
export async function startJob(ctx: RequestContext, jobId: string | undefined): Promise<StartedJob> {
  const { db, user } = ctx;
  const id = jobId ?? randomUUID();
  await repo.deleteJobsOlderThan(db, user.id, new Date(Date.now() - keepFinishedMs)).catch(() => undefined);
  for (;;) {
    if (await repo.insertJob(db, { id, userId: user.id })) return { kind: 'new', progress: progressReporter(db, id) };
    const row = await repo.findJob(db, id);
    // Another user's job (or one just cleared): the id is not this user's to resume.
    if (!row || row.userId !== user.id) throw AppError.conflict('This generation job id is already in use. Please try again.');
    const composing = row.status === 'running' && row.input !== null;
    if (row.status === 'done' || composing) return { kind: 'existing', row };
    const lost = row.status === 'running' && Date.now() - row.updatedAt.getTime() > takeOverReadingMs;
    if (row.status === 'failed' || lost) {
      if (await repo.restartJob(db, row)) return { kind: 'new', progress: progressReporter(db, id) };
      continue;
    }
    // Still being read by the request that started it: wait for it to hand the job on, fail or go quiet.
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Marks the job done with its textbook, inside the transaction that stored the textbook (a retry then finds it done). */
export function markDone(tx: DbOrTx, jobId: string, textbookId: number): Promise<void> {
  return repo.updateJob(tx, jobId, { status: 'done', stage: 5, percent: 100, message: 'Textbook stored', textbookId });
}

function statusOf(row: repo.GenerationJobRow): GenerationJobResponse['status'] {
  if (row.status === 'done' || row.status === 'failed') return row.status;
  if (row.input === null && Date.now() - row.updatedAt.getTime() > staleReadingMs) return 'failed';
  return 'running';
}

/** A job's state for its owner; 404 for anyone else and for unknown ids (ids cannot be probed). */
export async function getJob(ctx: RequestContext, jobId: string): Promise<GenerationJobResponse> {
  const row = await repo.findJob(ctx.db, jobId);
  if (!row || row.userId !== ctx.user.id) throw AppError.notFound('Generation job not found');
  const status = statusOf(row);
  const lost = status === 'failed' && row.status !== 'failed';
  return {
    jobId: row.id,
    status,
    stage: Math.max(0, Math.min(progressSteps.length - 1, row.stage)),
    percent: Math.max(0, Math.min(100, row.percent)),
    message: lost ? lostWhileReadingMessage : (row.message ?? undefined),
    textbookId: row.textbookId ?? undefined,
  };
}
