/**
 * What the worker-thread pool (server/core/worker-pool.ts) and the child-process pool
 * (server/ingest/process-pool.ts) share: a queue of tasks with per-owner turns and caps, a few
 * runners (threads or processes) each running one task at a time, a time limit per task that
 * costs its runner, and cancellation by AbortSignal. A pool says only how a runner is started,
 * given a task and killed, and answers `completed` or `failed` when the runner reports.
 */

/** The queue is full: for everyone (`pool`) or for this owner (`owner`). */
export class QueueFullError extends Error {
  constructor(readonly scope: 'pool' | 'owner') {
    super(`queue full (${scope})`);
    this.name = 'QueueFullError';
  }
}

export interface QueuedTask<I, O> {
  readonly id: number;
  readonly input: I;
  /** The unit of the per-owner limits and of fair turns ('' when the caller names none). */
  readonly owner: string;
  readonly timeoutMs: number;
  /** Resolves or rejects the caller's promise (once) and stops listening to its signal. */
  settle(result: Error | { value: O }): void;
}

/** A runner: a worker thread or a child process, with the task it runs. */
export interface Runner<T> {
  task?: T;
  timer?: NodeJS.Timeout;
}

export interface TaskQueueLimits {
  /** Runners at most (one task each at a time). */
  size: number;
  /** Tasks one owner may have running at once (default: no limit). */
  perOwnerRunning?: number;
  /** Tasks waiting, for everyone and per owner; more are refused at once with QueueFullError (default: no limit). */
  maxQueued?: number;
  perOwnerQueued?: number;
  /**
   * A runner left idle this long is ended, giving its memory back (a model, a PDF reader); the
   * next task starts a new one. Default: runners are kept until the pool closes.
   */
  idleTimeoutMs?: number;
}

export interface EnqueueOptions {
  timeoutMs: number;
  /** Aborting drops a waiting task, or kills the runner running it. */
  signal?: AbortSignal;
  owner?: string | number;
}

/** The errors a pool's callers see, in the pool's own words. */
export interface TaskQueueErrors {
  closed: () => Error;
  aborted: () => Error;
  timedOut: () => Error;
}

export abstract class TaskQueue<I, O, T extends QueuedTask<I, O>, R extends Runner<T>> {
  protected runners: R[] = [];
  protected closed = false;
  /** What was cut short or refused, for metrics and tests. */
  protected readonly counters = { cancelled: 0, timeouts: 0, refused: 0 };
  private waiting: T[] = [];
  private nextId = 1;
  /** When each owner last got a runner: among owners with equally few running, the one waiting longest goes first. */
  private served = new Map<string, number>();
  private turn = 0;

  protected constructor(
    private readonly limits: TaskQueueLimits,
    private readonly errors: TaskQueueErrors,
  ) {}

  /** Starts a runner (not yet running anything). */
  protected abstract spawn(): R;
  /** Gives the runner its task (once the runner is ready). */
  protected abstract dispatch(runner: R, task: T): void;
  /** Ends the runner and whatever it is doing (timers of its own included). */
  protected abstract kill(runner: R): Promise<unknown> | void;
  /** The runner took a task, or became idle. */
  protected busy(_runner: R, _task: T): void {}
  protected idle(_runner: R): void {}

  /** Tasks waiting for a free runner (for metrics and back-pressure). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runners (threads or processes) started and alive: none until the first task needs one. */
  get started(): number {
    return this.runners.length;
  }

  protected get running(): number {
    return this.runners.filter((r) => r.task).length;
  }

  /** Queues a task; `fields` are the pool's own per-task fields. */
  protected enqueue(input: I, opts: EnqueueOptions, fields: Omit<T, keyof QueuedTask<I, O>>): Promise<O> {
    if (this.closed) return Promise.reject(this.errors.closed());
    if (opts.signal?.aborted) return Promise.reject(this.errors.aborted());
    const owner = String(opts.owner ?? '');
    if (this.waiting.length >= (this.limits.maxQueued ?? Infinity)) return this.refuse('pool');
    if (this.waiting.filter((t) => t.owner === owner).length >= (this.limits.perOwnerQueued ?? Infinity)) return this.refuse('owner');
    return new Promise<O>((resolve, reject) => {
      const signal = opts.signal;
      const onAbort = () => this.cancel(task);
      const task = {
        ...fields,
        id: this.nextId++,
        input,
        owner,
        timeoutMs: opts.timeoutMs,
        settle: (result: Error | { value: O }) => {
          signal?.removeEventListener('abort', onAbort);
          if (result instanceof Error) reject(result);
          else resolve(result.value);
        },
      } as T;
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(task);
      this.pump();
    });
  }

  /** Fails every task, waiting or running, and ends every runner. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.settle(this.errors.closed());
    const runners = [...this.runners];
    for (const runner of runners) runner.task?.settle(this.errors.closed());
    await Promise.all(runners.map((runner) => this.remove(runner)));
  }

  /**
   * Ends every runner that has nothing to do (as its idle limit would later): a pool about to start
   * a large thread asks the others for their memory. The next task starts a new runner.
   */
  async endIdle(): Promise<number> {
    const idle = this.runners.filter((r) => !r.task);
    await Promise.all(idle.map((runner) => this.remove(runner)));
    return idle.length;
  }

  /** The runner answered its task. */
  protected completed(runner: R, value: O): void {
    const task = runner.task;
    if (!task) return;
    clearTimeout(runner.timer);
    runner.task = undefined;
    runner.timer = undefined;
    this.idle(runner);
    task.settle({ value });
    this.pump();
    const idleMs = this.limits.idleTimeoutMs;
    if (idleMs !== undefined && !runner.task && this.runners.includes(runner)) {
      runner.timer = setTimeout(() => {
        if (!runner.task) void this.remove(runner);
      }, idleMs);
      runner.timer.unref();
    }
  }

  /** The runner is lost (crashed, over a limit): its task fails with `error`, and a new runner takes the next task. */
  protected failed(runner: R, error: Error): void {
    if (!this.runners.includes(runner)) return;
    const task = runner.task;
    void this.remove(runner);
    task?.settle(error);
    this.pump();
  }

  private refuse(scope: 'pool' | 'owner'): Promise<O> {
    this.counters.refused++;
    return Promise.reject(new QueueFullError(scope));
  }

  /** A cancelled task costs its runner (it may be deep in synchronous work): killed and replaced. */
  private cancel(task: T): void {
    const at = this.waiting.indexOf(task);
    if (at >= 0) this.waiting.splice(at, 1);
    else {
      const runner = this.runners.find((r) => r.task === task);
      if (!runner) return;
      void this.remove(runner);
    }
    this.counters.cancelled++;
    task.settle(this.errors.aborted());
    this.pump();
  }

  protected remove(runner: R): Promise<unknown> | void {
    clearTimeout(runner.timer);
    this.runners = this.runners.filter((r) => r !== runner);
    return this.kill(runner);
  }

  /** The waiting task to start next: its owner has room, and the fewest tasks running of those waiting. */
  private nextTask(): T | undefined {
    const running = new Map<string, number>();
    for (const r of this.runners) if (r.task) running.set(r.task.owner, (running.get(r.task.owner) ?? 0) + 1);
    const perOwner = this.limits.perOwnerRunning ?? Infinity;
    let best: T | undefined;
    const rank = (t: T) => [running.get(t.owner) ?? 0, this.served.get(t.owner) ?? 0];
    for (const task of this.waiting) {
      const [n, last] = rank(task);
      if (n >= perOwner) continue;
      if (!best) best = task;
      else {
        const [bn, blast] = rank(best);
        if (n < bn || (n === bn && last < blast)) best = task;
      }
    }
    return best;
  }

  private pump(): void {
    while (!this.closed && this.waiting.length > 0) {
      const task = this.nextTask();
      if (!task) return;
      let runner = this.runners.find((r) => !r.task);
      if (!runner && this.runners.length < this.limits.size) {
        runner = this.spawn();
        this.runners.push(runner);
      }
      if (!runner) return;
      this.waiting.splice(this.waiting.indexOf(task), 1);
      this.start(runner, task);
    }
  }

  private start(runner: R, task: T): void {
    clearTimeout(runner.timer);
    runner.task = task;
    this.served.delete(task.owner);
    this.served.set(task.owner, ++this.turn);
    // Only owners seen lately matter for turns.
    if (this.served.size > 10_000) this.served.delete(this.served.keys().next().value as string);
    this.busy(runner, task);
    // The time limit covers the runner's start-up too: a stuck start is as bad as a stuck file.
    runner.timer = setTimeout(() => {
      this.counters.timeouts++;
      void this.remove(runner);
      task.settle(this.errors.timedOut());
      this.pump();
    }, task.timeoutMs);
    this.dispatch(runner, task);
  }
}
