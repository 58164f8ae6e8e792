import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { TaskQueue, type QueuedTask, type Runner } from '@server/core/task-queue';

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
export interface ProcessPoolOptions {
  /** Processes at most (one task each at a time). */
  size: number;
  /** A process whose resident memory passes this is killed and its task fails (its V8 heap is capped to it too). */
  memoryLimitMb: number;
  /** The V8 heap's cap, when lower than `memoryLimitMb`: V8 then collects sooner instead of growing toward the limit. */
  heapMb?: number;
  /** Tasks one owner may have running at once. */
  perOwnerRunning: number;
  /** Tasks waiting, for everyone and per owner; more are refused at once. */
  maxQueued: number;
  perOwnerQueued: number;
  /** How often a busy process's memory is read. */
  pollMs?: number;
  /** An idle process ends after this long, giving its memory back (a few hundred MB with its parsers loaded). */
  idleExitMs?: number;
  /**
   * A process left holding more than `largeMb` of resident memory after a task, with no task
   * waiting for it, ends at once (before its answer is handled): what a long file left is given
   * back before the work that follows it (storing the file, a book's generation, its exports)
   * runs, while a process that read small files stays ready for the next.
   */
  largeMb?: number;
}

export interface ProcessRunOptions {
  timeoutMs: number;
  /** Aborting drops a waiting task, or kills the process running it. */
  signal?: AbortSignal;
  /** Whose task this is (a user id): the unit of the per-owner limits and of fair turns. */
  owner?: string | number;
  /** Accepted for the worker pool's signature; a process gets a copy either way. */
  transfer?: ArrayBuffer[];
  /** Called with what the process reports while it works (`{ id, progress }` messages), until its answer comes. */
  onProgress?: (progress: unknown) => void;
}

type Task<I, O> = QueuedTask<I, O> & { onProgress?: (progress: unknown) => void };

interface Slot<I, O> extends Runner<Task<I, O>> {
  child: ChildProcess;
  ready: Promise<void>;
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

function residentBytesNow(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)\s*kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
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
export class ProcessPool<I, O> extends TaskQueue<I, O, Task<I, O>, Slot<I, O>> {
  private memoryKills = 0;

  constructor(
    private readonly entry: URL,
    private readonly options: ProcessPoolOptions,
  ) {
    super(options, {
      closed: () => new Error('process pool closed'),
      aborted: () => new TaskAbortError(),
      timedOut: () => new ProcessTimeoutError(),
    });
  }

  run(input: I, opts: ProcessRunOptions): Promise<O> {
    return this.enqueue(input, opts, { onProgress: opts.onProgress });
  }

  /** For metrics and tests: processes, tasks running and waiting, and what was cut short. */
  stats() {
    return {
      processes: this.runners.length,
      running: this.running,
      queued: this.queued,
      ...this.counters,
      memoryKills: this.memoryKills,
    };
  }

  protected spawn(): Slot<I, O> {
    const child = fork(bootPath, [this.entry.href], {
      // Semi-spaces of 8 MB (V8's default lets them grow to 32 MB or more): the young generation's share of resident memory
      // small; `gc` exposed, so a process collects what a file left once its answer is sent (extract-process.ts).
      execArgv: [
        `--max-old-space-size=${Math.min(this.options.heapMb ?? Infinity, this.options.memoryLimitMb)}`,
        '--max-semi-space-size=8',
        '--expose-gc',
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let markReady: () => void = () => {};
    const slot: Slot<I, O> = { child, ready: new Promise<void>((r) => (markReady = r)) };
    child.on('message', (message: { ready?: boolean; id?: number; progress?: unknown }) => {
      if (message.ready) return markReady();
      const task = slot.task;
      if (!task || message.id !== task.id) return;
      // A report on the way (a page read), not the answer.
      if (message.progress !== undefined) return task.onProgress?.(message.progress);
      this.completed(slot, message as unknown as O);
    });
    const fail = (error: Error) => {
      markReady();
      this.failed(slot, error);
    };
    child.on('error', (err) => fail(new ProcessCrashError(err.message)));
    child.on('exit', (code, signal) =>
      // V8 aborts the process when its heap (capped at the memory limit) is full.
      fail(
        signal === 'SIGTRAP' || signal === 'SIGABRT'
          ? new ProcessMemoryError(Math.min(this.options.heapMb ?? Infinity, this.options.memoryLimitMb))
          : new ProcessCrashError(`extraction process exited (${signal ?? code})`),
      ),
    );
    this.idle(slot);
    return slot;
  }

  protected dispatch(slot: Slot<I, O>, task: Task<I, O>): void {
    const limit = this.options.memoryLimitMb * 1024 * 1024;
    slot.watch = setInterval(() => {
      const pid = slot.child.pid;
      if (!pid) return;
      void residentBytes(pid).then((bytes) => {
        if (bytes === undefined || bytes <= limit || slot.task !== task) return;
        this.memoryKills++;
        this.failed(slot, new ProcessMemoryError(this.options.memoryLimitMb));
      });
    }, this.options.pollMs ?? 20);
    void slot.ready.then(() => {
      if (slot.task === task) slot.child.send({ id: task.id, job: task.input });
    });
  }

  /** An idle process neither keeps the parent alive nor is watched, and ends when left idle long enough. */
  protected override idle(slot: Slot<I, O>): void {
    clearInterval(slot.watch);
    slot.watch = undefined;
    slot.child.unref();
    (slot.child.channel as { unref?: () => void } | undefined)?.unref?.();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (!slot.task) void this.remove(slot);
    }, this.options.idleExitMs ?? 120_000);
    slot.idleTimer.unref();
  }

  protected override completed(slot: Slot<I, O>, value: O): void {
    // The answer is handed over first (its promise settles after this returns), then, unless the queue gave the
    // process its next task, a large one is ended here: read synchronously, because handling a long file's answer
    // may keep this thread busy for seconds, and a timer would only fire after that.
    super.completed(slot, value);
    const { largeMb } = this.options;
    const pid = slot.child.pid;
    if (largeMb === undefined || slot.task || !pid || !this.runners.includes(slot)) return;
    const bytes = residentBytesNow(pid);
    if (bytes !== undefined && bytes > largeMb * 1024 * 1024) void this.remove(slot);
  }

  protected override busy(slot: Slot<I, O>): void {
    clearTimeout(slot.idleTimer);
    slot.child.ref();
    (slot.child.channel as { ref?: () => void } | undefined)?.ref?.();
  }

  protected kill(slot: Slot<I, O>): void {
    clearTimeout(slot.idleTimer);
    clearInterval(slot.watch);
    slot.child.removeAllListeners('message');
    if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill('SIGKILL');
  }
}
