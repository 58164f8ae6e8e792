import { WorkerPool, WorkerTimeoutError } from '@server/ingest/worker-pool';
import { AppError } from '@server/core/app-error';
import type { ExportJob, ExportReply, ExportTiming } from './export-job';

type WorkerReply = (ExportReply & { timing?: ExportTiming }) | { ok: false; reason: 'failed'; message: string };

/**
 * Exports run in their own worker thread, one at a time: a 100-chapter book takes seconds of CPU, and
 * the main thread must keep answering everyone else (docs/decisions.md "CPU-heavy work off the main thread").
 * A few more wait their turn; past that the server is busy and says so.
 */
const maxWaiting = 4;
let pool: WorkerPool<ExportJob, WorkerReply> | undefined;
let pending = 0;

export async function runExport(job: ExportJob, timeoutMs: number): Promise<{ bytes: Uint8Array; timing?: ExportTiming }> {
  if (pending > maxWaiting) throw new AppError('RATE_LIMITED', 'The server is busy making other exports. Please try again in a minute.');
  pool ??= new WorkerPool<ExportJob, WorkerReply>(new URL('./export-worker.ts', import.meta.url), 1, {
    maxOldGenerationSizeMb: 2048,
    maxYoungGenerationSizeMb: 64,
  });
  pending++;
  let reply: WorkerReply;
  try {
    reply = await pool.run(job, { timeoutMs });
  } catch (err) {
    if (err instanceof WorkerTimeoutError)
      throw new AppError(
        'UNPROCESSABLE',
        `This book took longer than ${Math.round(timeoutMs / 1000)} seconds to export. Try another format or a smaller book.`,
      );
    throw new AppError('UNPROCESSABLE', 'This book could not be exported: it is too large for the export worker.');
  } finally {
    pending--;
  }
  if (reply.ok) return { bytes: reply.bytes, timing: reply.timing };
  if (reply.reason === 'too-large') throw AppError.tooLarge(reply.message);
  if (reply.reason === 'unreadable') throw new AppError('UNPROCESSABLE', reply.message);
  throw new AppError('INTERNAL', 'The export failed. Please try again.');
}

export async function closeExportPool(): Promise<void> {
  await pool?.close();
  pool = undefined;
}
