import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TaskQueue, type QueuedTask, type Runner, type TaskQueueLimits } from '@server/core/task-queue';
import { trackWorker } from '@server/core/memory-census';
import { workerScript } from '@server/core/worker-script';

/** Answers a worker's event (a callback the task's code made across the thread boundary). */
export type EventReply = (message: unknown) => void;

export interface RunOptions {
  timeoutMs: number;
  transfer?: ArrayBuffer[];
  /** Whose task it is: the unit of fair turns and per-owner caps (the queue limits given to the pool). */
  owner?: string | number;
  /** Aborting cancels the task: dropped from the queue, or its worker terminated and replaced. */
  signal?: AbortSignal;
  /**
   * Messages the worker posts as `{id, event}` while the task runs (progress, calls back to this
   * thread); `reply` posts `{id, eventReply}` to the worker.
   */
  onEvent?: (event: unknown, reply: EventReply) => void;
}

interface Task<I, O> extends QueuedTask<I, O> {
  transfer: ArrayBuffer[];
  onEvent?: RunOptions['onEvent'];
}

interface Slot<I, O> extends Runner<Task<I, O>> {
  worker: Worker;
  ready: Promise<void>;
}

export class WorkerTimeoutError extends Error {
  constructor() {
    super('worker timed out');
    this.name = 'WorkerTimeoutError';
  }
}

export class WorkerAbortError extends Error {
  constructor() {
    super('worker task cancelled');
    this.name = 'WorkerAbortError';
  }
}

export class WorkerCrashError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerCrashError';
  }
}

/** The pools whose workers end when idle: their idle workers may be ended early (endIdleWorkers). */
const releasable = new Set<WorkerPool<unknown, unknown>>();

/**
 * Ends the idle workers of every pool that ends them when idle anyway (a model, a PDF renderer held
 * for the next task), except `keep`: called before a large thread starts, so that what a finished
 * step left (the embedding model after a book is made) is not held beside it. Returns how many ended.
 */
export async function endIdleWorkers(keep?: object): Promise<number> {
  const ended = await Promise.all([...releasable].filter((p) => p !== keep).map((p) => p.endIdle()));
  return ended.reduce((n, k) => n + k, 0);
}

/**
 * A small pool of worker threads running one TypeScript entry. A task over
 * its time limit, or one that crashes its worker (out of memory on a hostile
 * file), costs only that worker: it is terminated and replaced, and the task
 * is rejected. Idle workers do not keep the process alive. Tasks run in the
 * order they came (the queue is server/core/task-queue.ts).
 */
export class WorkerPool<I, O> extends TaskQueue<I, O, Task<I, O>, Slot<I, O>> {
  constructor(
    private readonly entry: URL,
    size = Math.max(1, Math.min(2, availableParallelism())),
    // A young generation of 24 MB (three 8 MB semi-spaces), as the server's own (package.json `start`).
    private readonly resourceLimits: { maxOldGenerationSizeMb?: number; maxYoungGenerationSizeMb?: number } = {
      maxOldGenerationSizeMb: 1536,
      maxYoungGenerationSizeMb: 24,
    },
    queueLimits: Omit<TaskQueueLimits, 'size'> = {},
  ) {
    super(
      { ...queueLimits, size },
      {
        closed: () => new Error('worker pool closed'),
        aborted: () => new WorkerAbortError(),
        timedOut: () => new WorkerTimeoutError(),
      },
    );
    if (queueLimits.idleTimeoutMs !== undefined) releasable.add(this as WorkerPool<unknown, unknown>);
  }

  override close(): Promise<void> {
    releasable.delete(this as WorkerPool<unknown, unknown>);
    return super.close();
  }

  run(input: I, opts: RunOptions): Promise<O> {
    return this.enqueue(input, opts, { transfer: opts.transfer ?? [], onEvent: opts.onEvent });
  }

  protected spawn(): Slot<I, O> {
    const script = workerScript(this.entry);
    const worker = new Worker(script.file, { workerData: script.workerData, resourceLimits: this.resourceLimits });
    worker.unref();
    trackWorker(worker, this.entry.pathname.split('/').pop() ?? 'worker');
    let markReady: () => void = () => {};
    const slot: Slot<I, O> = { worker, ready: new Promise<void>((r) => (markReady = r)) };
    worker.on('message', (message: { ready?: boolean; id?: number; event?: unknown }) => {
      if (message.ready) return markReady();
      const task = slot.task;
      if (!task || message.id !== task.id) return;
      if ('event' in message) {
        const reply: EventReply = (m) => {
          if (slot.task === task) worker.postMessage({ id: task.id, eventReply: m });
        };
        try {
          task.onEvent?.(message.event, reply);
        } catch {
          // A listener's failure is the listener's: the task goes on.
        }
        return;
      }
      this.completed(slot, message as unknown as O);
    });
    const fail = (err: Error) => {
      markReady();
      this.failed(slot, new WorkerCrashError(err.message));
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`worker exited with code ${code}`)));
    return slot;
  }

  protected dispatch(slot: Slot<I, O>, task: Task<I, O>): void {
    void slot.ready.then(() => {
      if (slot.task === task) slot.worker.postMessage({ id: task.id, job: task.input }, task.transfer);
    });
  }

  protected kill(slot: Slot<I, O>): Promise<number> {
    return slot.worker.terminate();
  }

  protected override busy(slot: Slot<I, O>): void {
    slot.worker.ref();
  }

  protected override idle(slot: Slot<I, O>): void {
    slot.worker.unref();
  }
}
