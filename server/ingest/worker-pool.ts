import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const bootUrl = new URL('./worker-boot.mjs', import.meta.url);

/** Answers a worker's event (a callback the task's code made across the thread boundary). */
export type EventReply = (message: unknown) => void;

export interface RunOptions {
  timeoutMs: number;
  transfer?: ArrayBuffer[];
  /** Aborting cancels the task: dropped from the queue, or its worker terminated and replaced. */
  signal?: AbortSignal;
  /**
   * Messages the worker posts as `{id, event}` while the task runs (progress, calls back to this
   * thread); `reply` posts `{id, eventReply}` to the worker.
   */
  onEvent?: (event: unknown, reply: EventReply) => void;
}

interface Task<I, O> {
  id: number;
  input: I;
  transfer: ArrayBuffer[];
  timeoutMs: number;
  signal?: AbortSignal;
  onEvent?: RunOptions['onEvent'];
  detach?: () => void;
  resolve: (value: O) => void;
  reject: (err: Error) => void;
}

interface Slot<I, O> {
  worker: Worker;
  ready: Promise<void>;
  task?: Task<I, O>;
  timer?: NodeJS.Timeout;
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

/**
 * A small pool of worker threads running one TypeScript entry. A task over
 * its time limit, or one that crashes its worker (out of memory on a hostile
 * file), costs only that worker: it is terminated and replaced, and the task
 * is rejected. Idle workers do not keep the process alive.
 */
export class WorkerPool<I, O> {
  private slots: Array<Slot<I, O>> = [];
  private queue: Array<Task<I, O>> = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly entry: URL,
    private readonly size = Math.max(1, Math.min(2, availableParallelism())),
    private readonly resourceLimits: { maxOldGenerationSizeMb?: number; maxYoungGenerationSizeMb?: number } = {
      maxOldGenerationSizeMb: 1536,
    },
  ) {}

  run(input: I, opts: RunOptions): Promise<O> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    if (opts.signal?.aborted) return Promise.reject(new WorkerAbortError());
    return new Promise<O>((resolve, reject) => {
      const task: Task<I, O> = {
        id: this.nextId++,
        input,
        transfer: opts.transfer ?? [],
        timeoutMs: opts.timeoutMs,
        signal: opts.signal,
        onEvent: opts.onEvent,
        resolve,
        reject,
      };
      if (opts.signal) {
        const onAbort = () => this.cancel(task);
        opts.signal.addEventListener('abort', onAbort, { once: true });
        task.detach = () => opts.signal?.removeEventListener('abort', onAbort);
      }
      this.queue.push(task);
      this.pump();
    });
  }

  /** Tasks waiting for a free worker (for metrics and back-pressure). */
  get queued(): number {
    return this.queue.length;
  }

  /** A cancelled task costs its worker (it may be deep in synchronous work): terminated and replaced. */
  private cancel(task: Task<I, O>): void {
    const queuedAt = this.queue.indexOf(task);
    if (queuedAt >= 0) {
      this.queue.splice(queuedAt, 1);
    } else {
      const slot = this.slots.find((s) => s.task === task);
      if (!slot) return;
      this.remove(slot);
      this.pump();
    }
    task.detach?.();
    task.reject(new WorkerAbortError());
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) {
      task.detach?.();
      task.reject(new Error('worker pool closed'));
    }
    for (const slot of this.slots) {
      slot.task?.detach?.();
      slot.task?.reject(new Error('worker pool closed'));
    }
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    this.slots = [];
  }

  private spawn(): Slot<I, O> {
    const worker = new Worker(bootUrl, { workerData: { entry: this.entry.href }, resourceLimits: this.resourceLimits });
    worker.unref();
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
      this.finish(slot);
      task.detach?.();
      task.resolve(message as unknown as O);
    });
    const fail = (err: Error) => {
      const task = slot.task;
      this.remove(slot);
      markReady();
      task?.detach?.();
      task?.reject(new WorkerCrashError(err.message));
      this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) fail(new Error(`worker exited with code ${code}`));
    });
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot<I, O>): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = undefined;
    slot.timer = undefined;
    slot.worker.unref();
    this.pump();
  }

  private remove(slot: Slot<I, O>): void {
    if (slot.timer) clearTimeout(slot.timer);
    this.slots = this.slots.filter((s) => s !== slot);
    void slot.worker.terminate();
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      slot.worker.ref();
      const chosen = slot;
      chosen.timer = setTimeout(() => {
        this.remove(chosen);
        task.detach?.();
        task.reject(new WorkerTimeoutError());
        this.pump();
      }, task.timeoutMs);
      // The time limit covers the worker's start-up too: a stuck start is as bad as a stuck file.
      void chosen.ready.then(() => {
        if (chosen.task === task) chosen.worker.postMessage({ id: task.id, job: task.input }, task.transfer);
      });
    }
  }
}
