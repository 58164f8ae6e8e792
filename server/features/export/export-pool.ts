import { availableParallelism } from 'node:os';
import { QueueFullError } from '@server/core/task-queue';
import { endIdleWorkers, WorkerPool, WorkerTimeoutError } from '@server/core/worker-pool';
import { AppError } from '@server/core/app-error';
import type { ExportJob, ExportReply, ExportTiming } from './export-job';

type WorkerReply = (ExportReply & { timing?: ExportTiming }) | { ok: false; reason: 'failed'; message: string };

/**
 * Exports run in worker threads (docs/decisions.md "CPU-heavy work off the main thread"): a 100-chapter
 * book takes seconds of CPU, and the main thread must keep answering everyone else. Each worker has a
 * memory cap (past it the worker dies, not the server) and each export a time limit. Users take turns
 * (server/core/task-queue.ts, as extraction does): one export of each user runs at a time, so one
 * user's queue of large exports never holds up another's small one; a few more wait, and past that
 * the server says it is busy.
 */
// A worker that made a PDF holds its fonts and renderer (150-300 MB): ended after 20 seconds unused (the
// next export starts one again in well under a second), as the embedding workers are.
const queueLimits = { perOwnerRunning: 1, perOwnerQueued: 2, maxQueued: 8 };
let idleTimeoutMs = 20_000;
let pool: WorkerPool<ExportJob, WorkerReply> | undefined;

/** For tests: how long an unused export worker is kept, from the next pool on (closeExportPool). */
export function setExportIdleTimeout(ms: number): void {
  idleTimeoutMs = ms;
}

/** Export workers alive (for tests and metrics): none until an export needs one, none again once idle long enough. */
export function exportWorkersStarted(): number {
  return pool?.started ?? 0;
}

export async function runExport(
  job: ExportJob,
  timeoutMs: number,
  owner: number | string = '',
): Promise<{ bytes: Uint8Array; timing?: ExportTiming }> {
  pool ??= new WorkerPool<ExportJob, WorkerReply>(
    new URL('./export-worker.ts', import.meta.url),
    Math.max(1, Math.min(2, availableParallelism())),
    { maxOldGenerationSizeMb: 2048, maxYoungGenerationSizeMb: 64 },
    { ...queueLimits, idleTimeoutMs },
  );
  // Idle workers of other pools (the embedding model, the offline engine's language model a book's
  // making left) are ended rather than held beside the export's.
  await endIdleWorkers(pool);
  let reply: WorkerReply;
  try {
    reply = await pool.run(job, { timeoutMs, owner });
  } catch (err) {
    if (err instanceof QueueFullError)
      throw new AppError(
        'RATE_LIMITED',
        err.scope === 'owner'
          ? 'You already have exports waiting. Please wait for them to finish.'
          : 'The server is busy making other exports. Please try again in a minute.',
      );
    if (err instanceof WorkerTimeoutError)
      throw new AppError(
        'UNPROCESSABLE',
        `This book took longer than ${Math.round(timeoutMs / 1000)} seconds to export. Try another format or a smaller book.`,
      );
    throw new AppError('UNPROCESSABLE', 'This book could not be exported: it is too large for the export worker.');
  }
  if (reply.ok) return { bytes: reply.bytes, timing: reply.timing };
  if (reply.reason === 'too-large') throw AppError.tooLarge(reply.message);
  if (reply.reason === 'unreadable') throw new AppError('UNPROCESSABLE', reply.message);
  throw new AppError('INTERNAL', 'The export failed. Please try again.');
}

/** Exports waiting for a worker (for tests that wait on the queue, and for metrics). */
export function exportsWaiting(): number {
  return pool?.queued ?? 0;
}

export async function closeExportPool(): Promise<void> {
  await pool?.close();
  pool = undefined;
}
