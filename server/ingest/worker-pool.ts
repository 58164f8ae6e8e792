import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const bootUrl = new URL('./worker-boot.mjs', import.meta.url);

interface Task<I, O> {
  id: number;
  input: I;
  transfer: ArrayBuffer[];
  timeoutMs: number;
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

  run(input: I, opts: { timeoutMs: number; transfer?: ArrayBuffer[] }): Promise<O> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, transfer: opts.transfer ?? [], timeoutMs: opts.timeoutMs, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('worker pool closed'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    this.slots = [];
  }

  private spawn(): Slot<I, O> {
    const worker = new Worker(bootUrl, { workerData: { entry: this.entry.href }, resourceLimits: this.resourceLimits });
    worker.unref();
    let markReady: () => void = () => {};
    const slot: Slot<I, O> = { worker, ready: new Promise<void>((r) => (markReady = r)) };
    worker.on('message', (message: { ready?: boolean; id?: number; ok?: boolean; output?: O; error?: unknown }) => {
      if (message.ready) return markReady();
      const task = slot.task;
      if (!task || message.id !== task.id) return;
      this.finish(slot);
      task.resolve(message as unknown as O);
    });
    const fail = (err: Error) => {
      const task = slot.task;
      this.remove(slot);
      markReady();
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
