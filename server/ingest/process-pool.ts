import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const bootPath = fileURLToPath(new URL('./process-boot.mjs', import.meta.url));

export class ProcessTimeoutError extends Error {
  constructor() {
    super('extraction process timed out');
    this.name = 'ProcessTimeoutError';
  }
}
export class ProcessMemoryError extends Error {
  constructor(readonly limitMb: number) {
    super(`extraction process went over ${limitMb} MB`);
    this.name = 'ProcessMemoryError';
  }
}
export class ProcessCrashError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProcessCrashError';
  }
}
export class TaskAbortError extends Error {
  constructor() {
    super('task cancelled');
    this.name = 'TaskAbortError';
  }
}
/** The queue is full: for everyone (`pool`) or for this owner (`owner`). */
export class QueueFullError extends Error {
  constructor(readonly scope: 'pool' | 'owner') {
    super(`queue full (${scope})`);
    this.name = 'QueueFullError';
  }
}

export interface ProcessPoolOptions {
  /** Processes at most (one task each at a time). */
  size: number;
  /** A process whose resident memory passes this is killed and its task fails (its V8 heap is capped to it too). */
  memoryLimitMb: number;
  /** Tasks one owner may have running at once. */
  perOwnerRunning: number;
  /** Tasks waiting, for everyone and per owner; more are refused at once. */
  maxQueued: number;
  perOwnerQueued: number;
  /** How often a busy process's memory is read. */
  pollMs?: number;
  /** An idle process ends after this long, giving its memory back (a few hundred MB with its parsers loaded). */
  idleExitMs?: number;
}

export interface ProcessRunOptions {
  timeoutMs: number;
  /** Aborting drops a waiting task, or kills the process running it. */
  signal?: AbortSignal;
  /** Whose task this is (a user id): the unit of the per-owner limits and of fair turns. */
  owner?: string | number;
  /** Accepted for the worker pool's signature; a process gets a copy either way. */
  transfer?: ArrayBuffer[];
}

interface Task<I, O> {
  id: number;
  input: I;
  owner: string;
  timeoutMs: number;
  signal?: AbortSignal;
  detach?: () => void;
  resolve: (value: O) => void;
  reject: (err: Error) => void;
}

interface Slot<I, O> {
  child: ChildProcess;
  ready: Promise<void>;
  task?: Task<I, O>;
  timer?: NodeJS.Timeout;
  watch?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
}

/** Resident memory of a process in bytes, from Linux's /proc; undefined elsewhere. */
async function residentBytes(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s*kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Child processes running one TypeScript entry, for work on untrusted files. Unlike a worker
 * thread, whose heap limit leaves its buffers (ArrayBuffers, zlib output) uncounted, a process's
 * whole resident memory is watched (every `pollMs` on Linux) and the process is killed past its
 * limit: a hostile file costs at most that much and fails alone. Time limits and cancellation
 * kill the process too; a replacement starts for the next task. Each owner has at most
 * `perOwnerRunning` tasks running and `perOwnerQueued` waiting, and a free process goes to the
 * waiting owner with the fewest tasks running, so one user's 50 files do not hold up another's one.
 * Idle processes do not keep the parent alive.
 */
export class ProcessPool<I, O> {
  private slots: Array<Slot<I, O>> = [];
  private queue: Array<Task<I, O>> = [];
  private nextId = 1;
  private closed = false;
  private counters = { cancelled: 0, memoryKills: 0, timeouts: 0, refused: 0 };
  /** When each owner last got a process: among owners with equally few running, the one waiting longest goes first. */
  private served = new Map<string, number>();
  private turn = 0;

  constructor(
    private readonly entry: URL,
    private readonly options: ProcessPoolOptions,
  ) {}

  run(input: I, opts: ProcessRunOptions): Promise<O> {
    if (this.closed) return Promise.reject(new Error('process pool closed'));
    if (opts.signal?.aborted) return Promise.reject(new TaskAbortError());
    const owner = String(opts.owner ?? '');
    if (this.queue.length >= this.options.maxQueued) return this.refuse('pool');
    if (this.queue.filter((t) => t.owner === owner).length >= this.options.perOwnerQueued) return this.refuse('owner');
    return new Promise<O>((resolve, reject) => {
      const task: Task<I, O> = { id: this.nextId++, input, owner, timeoutMs: opts.timeoutMs, signal: opts.signal, resolve, reject };
      if (opts.signal) {
        const onAbort = () => this.cancel(task);
        opts.signal.addEventListener('abort', onAbort, { once: true });
        task.detach = () => opts.signal?.removeEventListener('abort', onAbort);
      }
      this.queue.push(task);
      this.pump();
    });
  }

  /** For metrics and tests: processes, tasks running and waiting, and what was cut short. */
  stats() {
    return {
      processes: this.slots.length,
      running: this.slots.filter((s) => s.task).length,
      queued: this.queue.length,
      ...this.counters,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.settle(task, new Error('process pool closed'));
    for (const slot of [...this.slots]) {
      if (slot.task) this.settle(slot.task, new Error('process pool closed'));
      this.remove(slot);
    }
  }

  private refuse(scope: 'pool' | 'owner'): Promise<O> {
    this.counters.refused++;
    return Promise.reject(new QueueFullError(scope));
  }

  private settle(task: Task<I, O>, result: Error | { value: O }): void {
    task.detach?.();
    if (result instanceof Error) task.reject(result);
    else task.resolve(result.value);
  }

  private cancel(task: Task<I, O>): void {
    const at = this.queue.indexOf(task);
    if (at >= 0) this.queue.splice(at, 1);
    else {
      const slot = this.slots.find((s) => s.task === task);
      if (!slot) return;
      // Deep in a parser there is no other way to stop it.
      this.remove(slot);
    }
    this.counters.cancelled++;
    this.settle(task, new TaskAbortError());
    this.pump();
  }

  private spawn(): Slot<I, O> {
    const child = fork(bootPath, [this.entry.href], {
      execArgv: [`--max-old-space-size=${this.options.memoryLimitMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let markReady: () => void = () => {};
    const slot: Slot<I, O> = { child, ready: new Promise<void>((r) => (markReady = r)) };
    child.on('message', (message: { ready?: boolean; id?: number }) => {
      if (message.ready) return markReady();
      const task = slot.task;
      if (!task || message.id !== task.id) return;
      this.release(slot);
      this.settle(task, { value: message as unknown as O });
      this.pump();
    });
    const fail = (error: Error) => {
      if (!this.slots.includes(slot)) return;
      const task = slot.task;
      this.remove(slot);
      markReady();
      if (task) this.settle(task, error);
      this.pump();
    };
    child.on('error', (err) => fail(new ProcessCrashError(err.message)));
    child.on('exit', (code, signal) =>
      // V8 aborts the process when its heap (capped at the memory limit) is full.
      fail(
        signal === 'SIGTRAP' || signal === 'SIGABRT'
          ? new ProcessMemoryError(this.options.memoryLimitMb)
          : new ProcessCrashError(`extraction process exited (${signal ?? code})`),
      ),
    );
    this.idle(slot);
    this.slots.push(slot);
    return slot;
  }

  /** An idle process neither keeps the parent alive nor is watched, and ends when left idle long enough. */
  private idle(slot: Slot<I, O>): void {
    slot.child.unref();
    (slot.child.channel as { unref?: () => void } | undefined)?.unref?.();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (!slot.task) this.remove(slot);
    }, this.options.idleExitMs ?? 120_000);
    slot.idleTimer.unref();
  }

  private busy(slot: Slot<I, O>): void {
    clearTimeout(slot.idleTimer);
    slot.child.ref();
    (slot.child.channel as { ref?: () => void } | undefined)?.ref?.();
  }

  private release(slot: Slot<I, O>): void {
    clearTimeout(slot.timer);
    clearInterval(slot.watch);
    slot.task = undefined;
    slot.timer = undefined;
    slot.watch = undefined;
    this.idle(slot);
  }

  private remove(slot: Slot<I, O>): void {
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    clearInterval(slot.watch);
    this.slots = this.slots.filter((s) => s !== slot);
    slot.child.removeAllListeners('message');
    if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill('SIGKILL');
  }

  /** The waiting task to start next: its owner has room, and the fewest tasks running of those waiting. */
  private nextTask(): Task<I, O> | undefined {
    const running = new Map<string, number>();
    for (const s of this.slots) if (s.task) running.set(s.task.owner, (running.get(s.task.owner) ?? 0) + 1);
    let best: Task<I, O> | undefined;
    const rank = (t: Task<I, O>) => [running.get(t.owner) ?? 0, this.served.get(t.owner) ?? 0];
    for (const task of this.queue) {
      const [n, last] = rank(task);
      if (n >= this.options.perOwnerRunning) continue;
      if (!best) best = task;
      else {
        const [bn, blast] = rank(best);
        if (n < bn || (n === bn && last < blast)) best = task;
      }
    }
    return best;
  }

  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      const task = this.nextTask();
      if (!task) return;
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.options.size) slot = this.spawn();
      if (!slot) return;
      this.queue.splice(this.queue.indexOf(task), 1);
      this.start(slot, task);
    }
  }

  private start(slot: Slot<I, O>, task: Task<I, O>): void {
    slot.task = task;
    this.served.delete(task.owner);
    this.served.set(task.owner, ++this.turn);
    // Only owners seen lately matter for turns.
    if (this.served.size > 10_000) this.served.delete(this.served.keys().next().value as string);
    this.busy(slot);
    // The time limit covers the process's start-up too: a stuck start is as bad as a stuck file.
    slot.timer = setTimeout(() => {
      this.counters.timeouts++;
      this.remove(slot);
      this.settle(task, new ProcessTimeoutError());
      this.pump();
    }, task.timeoutMs);
    const limit = this.options.memoryLimitMb * 1024 * 1024;
    slot.watch = setInterval(() => {
      const pid = slot.child.pid;
      if (!pid) return;
      void residentBytes(pid).then((bytes) => {
        if (bytes === undefined || bytes <= limit || slot.task !== task) return;
        this.counters.memoryKills++;
        this.remove(slot);
        this.settle(task, new ProcessMemoryError(this.options.memoryLimitMb));
        this.pump();
      });
    }, this.options.pollMs ?? 20);
    void slot.ready.then(() => {
      if (slot.task === task) slot.child.send({ id: task.id, job: task.input });
    });
  }
}
