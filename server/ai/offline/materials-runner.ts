import type { ErrorCode } from '../../../common/errors';
import { AppError } from '../../core/app-error';
import { WorkerPool, WorkerTimeoutError } from '../../ingest/worker-pool';
import type { EngineContext, GeneratedMaterial, GenerateMaterialInput } from '../engine';

type Reply =
  | { ok: true; output: GeneratedMaterial }
  | { ok: false; message: string; code?: ErrorCode; status?: number; details?: Record<string, unknown> };

/** A whole-book material on a long book takes seconds; a minute means something is wrong. */
export const materialTimeLimitMs = 60_000;

/**
 * Runs offline material generation (seconds of synchronous CPU work on a long
 * chapter) in one worker thread, started on first use, so a materials request
 * never stalls the other requests on the event loop. Only the plain input
 * (book, contentType, chapterIndex) crosses to the worker: the offline
 * builders read the book's own text, never the material or the retriever.
 */
export class OfflineMaterialsRunner {
  private pool?: WorkerPool<GenerateMaterialInput, Reply>;

  constructor(private readonly timeLimitMs = materialTimeLimitMs) {}

  readonly generate = async (ctx: EngineContext, input: GenerateMaterialInput): Promise<GeneratedMaterial> => {
    this.pool ??= new WorkerPool<GenerateMaterialInput, Reply>(new URL('./materials-worker.ts', import.meta.url), 1);
    const job: GenerateMaterialInput = { book: input.book, contentType: input.contentType, chapterIndex: input.chapterIndex };
    let reply: Reply;
    try {
      reply = await this.pool.run(job, { timeoutMs: this.timeLimitMs });
    } catch (err) {
      if (err instanceof WorkerTimeoutError) {
        throw new AppError(
          'INTERNAL',
          `Generating this material took longer than ${Math.ceil(this.timeLimitMs / 1000)} seconds and was stopped. Try again, or generate it for a single chapter.`,
          undefined,
          503,
        );
      }
      throw new AppError('INTERNAL', 'Generating this material failed unexpectedly. Please try again.', undefined, 503);
    }
    if (!reply.ok) {
      if (reply.code) throw new AppError(reply.code, reply.message, reply.details, reply.status);
      throw new AppError('INTERNAL', 'Generating this material failed unexpectedly. Please try again.');
    }
    ctx.onProgress?.(100);
    return reply.output;
  };

  close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    return pool ? pool.close() : Promise.resolve();
  }
}
