import { availableParallelism } from 'node:os';
import { AppError } from '@server/core/app-error';
import { currentRequestSignal } from '@server/core/request-scope';
import { WorkerAbortError, WorkerPool, WorkerTimeoutError, type EventReply } from '@server/core/worker-pool';
import type { AuthoringEngine, EngineContext } from '@server/ai/engine';
import type { Material } from '@server/ai/material';
import { hasDocumentStructure } from '../outline/tree-book';
import { retrieverOrigin } from '@server/ai/retrieval';
import type { EngineOp } from '../operations';
import { deserializeError, type CallReply, type EngineEvent, type EngineJob, type EngineReply } from './protocol';

interface OpLimit {
  ms: number;
  /** "<doing> took longer than N seconds and was stopped. <advice>" */
  doing: string;
  advice: string;
}

/**
 * Time limits per operation (docs/product.md, "Limits of the engine's work"): each is many times
 * what a 100,000-word book takes; past it something is wrong, and the request answers 503 instead
 * of holding a worker.
 */
export const engineTimeLimits: Record<EngineOp, OpLimit> = {
  analyze: { ms: 60_000, doing: 'Analyzing your material', advice: 'Try again, or send fewer or smaller files.' },
  outline: { ms: 180_000, doing: 'Composing the textbook', advice: 'Try again, or generate from fewer files.' },
  chat: { ms: 30_000, doing: 'Answering in the outline assistant', advice: 'Try again with a shorter request.' },
  expandParagraph: { ms: 30_000, doing: 'Expanding the selection', advice: 'Try again with a shorter selection.' },
  expandChapter: { ms: 30_000, doing: 'Expanding the chapter', advice: 'Try again, or expand one section at a time.' },
  generateSection: { ms: 30_000, doing: 'Expanding the section', advice: 'Try again with fewer paragraphs.' },
  customizeStructure: { ms: 60_000, doing: 'Restructuring the textbook', advice: 'Try again with a simpler instruction.' },
  generateMaterial: { ms: 60_000, doing: 'Generating this material', advice: 'Try again, or generate it for a single chapter.' },
};

export interface WorkerEngineOptions {
  /** Worker threads (default: one per core, at most two). */
  size?: number;
  /** Overrides of the time limits (tests use tiny ones). */
  timeLimitsMs?: Partial<Record<EngineOp, number>>;
  /** An idle worker ends after this long (default a minute), giving its memory back. */
  idleTimeoutMs?: number;
}

/**
 * The offline engine run in worker threads ("CPU-heavy work off the main thread",
 * docs/decisions.md): each operation goes to a worker by name with its inputs (material, book,
 * request) copied across, within its time limit (503 with a clear message past it), and is
 * cancelled when its request's client goes away (the worker is replaced). The worker rebuilds the
 * retriever over the material and asks this thread only for query vectors (the embedder runs on
 * its own workers).
 */
export class OfflineWorkerEngine implements AuthoringEngine {
  readonly name = 'offline' as const;
  private pool?: WorkerPool<EngineJob, EngineReply>;

  constructor(private readonly options: WorkerEngineOptions = {}) {}

  analyze: AuthoringEngine['analyze'] = (ctx, input) => this.run('analyze', ctx, input);
  outline: AuthoringEngine['outline'] = (ctx, input) => this.run('outline', ctx, input);
  chat: AuthoringEngine['chat'] = (ctx, input) => this.run('chat', ctx, input);
  expandParagraph: AuthoringEngine['expandParagraph'] = (ctx, input) => this.run('expandParagraph', ctx, input);
  expandChapter: AuthoringEngine['expandChapter'] = (ctx, input) => this.run('expandChapter', ctx, input);
  generateSection: AuthoringEngine['generateSection'] = (ctx, input) => this.run('generateSection', ctx, input);
  customizeStructure: AuthoringEngine['customizeStructure'] = (ctx, input) => this.run('customizeStructure', ctx, input);
  generateMaterial: AuthoringEngine['generateMaterial'] = (ctx, input) => this.run('generateMaterial', ctx, input);

  /** Only material without headings is clustered, and clustering uses the chunks' vectors. */
  needsEmbeddings(material: Material): boolean {
    return !hasDocumentStructure(material);
  }

  /** Starts the workers and loads the language model in them, so the first request does not wait for it. */
  async warm(): Promise<void> {
    const pool = this.workers();
    const job: EngineJob = { op: 'warm', input: null, material: { sources: [], chunks: [] } };
    await Promise.all(Array.from({ length: this.size }, () => pool.run(job, { timeoutMs: 120_000 }).catch(() => undefined)));
  }

  /** Worker threads started (none until the first operation or warm()). */
  get startedWorkers(): number {
    return this.pool?.started ?? 0;
  }

  /** Operations waiting for a free worker. */
  get queued(): number {
    return this.pool?.queued ?? 0;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }

  private get size(): number {
    return this.options.size ?? Math.max(1, Math.min(2, availableParallelism()));
  }

  private workers(): WorkerPool<EngineJob, EngineReply> {
    // Each worker holds its own language model: ended after a minute unused, started again when needed.
    this.pool ??= new WorkerPool<EngineJob, EngineReply>(new URL('./engine-worker.ts', import.meta.url), this.size, undefined, {
      idleTimeoutMs: this.options.idleTimeoutMs ?? 60_000,
    });
    return this.pool;
  }

  private async run<R>(op: EngineOp, ctx: EngineContext, input: unknown): Promise<R> {
    const limit = engineTimeLimits[op];
    const timeoutMs = this.options.timeLimitsMs?.[op] ?? limit.ms;
    const origin = retrieverOrigin(ctx.retriever);
    const job: EngineJob = { op, input, material: ctx.material, embedderModel: origin?.embedder.model };
    const onEvent = (event: unknown, reply: EventReply) => {
      const e = event as EngineEvent;
      if ('progress' in e) return ctx.onProgress?.(e.progress, e.message);
      const answer = (promise: Promise<unknown>) =>
        promise.then(
          (value) => reply({ call: e.call, ok: true, value } satisfies CallReply),
          (err: unknown) =>
            reply({ call: e.call, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies CallReply),
        );
      if (!origin) return void answer(Promise.reject(new Error('no embedder for this retriever')));
      void answer(origin.embedder.embed(e.texts));
    };
    let reply: EngineReply;
    try {
      reply = await this.workers().run(job, { timeoutMs, signal: ctx.signal ?? currentRequestSignal(), onEvent });
    } catch (err) {
      const seconds = Math.ceil(timeoutMs / 1000);
      if (err instanceof WorkerTimeoutError) {
        throw new AppError(
          'INTERNAL',
          `${limit.doing} took longer than ${seconds} seconds and was stopped. ${limit.advice}`,
          undefined,
          503,
        );
      }
      if (err instanceof WorkerAbortError) throw new AppError('INTERNAL', `${limit.doing} was cancelled.`, undefined, 503);
      throw withCause(new AppError('INTERNAL', `${limit.doing} failed unexpectedly. Please try again.`, undefined, 503), err);
    }
    if (!reply.ok) {
      const error = deserializeError(reply.error);
      if (error instanceof AppError) throw error;
      throw withCause(new AppError('INTERNAL', `${limit.doing} failed unexpectedly. Please try again.`), error);
    }
    return reply.output as R;
  }
}

/** The worker's own error travels as the cause, so the error handler logs what failed (the user sees the message). */
function withCause(error: AppError, cause: unknown): AppError {
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
}
