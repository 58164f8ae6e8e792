/**
 * Durable jobs on the database ("Long AI work is a durable job", docs/decisions.md): a job sent
 * here outlives the request that sent it, its client and the instance that started it. One
 * interface, two runners: pg-boss on PostgreSQL (every instance works the queue; a job whose
 * instance died is retried on another once its heartbeat stops), and an in-process runner on
 * PGlite (one process; unfinished jobs run again at the next start).
 */
export interface JobRun {
  /** Aborted when this instance stops (the job is then retried elsewhere or at the next start). */
  signal: AbortSignal;
  /** 1 for the first run, 2 after a retry, ... */
  attempt: number;
}

export type JobHandler = (data: Record<string, unknown>, run: JobRun) => Promise<void>;

export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  /** This instance's name for the jobs it runs (stored with them). */
  readonly instanceId: string;
  /** Registers what runs a queue's jobs; call before start(). */
  work(name: string, handler: JobHandler): void;
  start(): Promise<void>;
  send(name: string, data: Record<string, unknown>): Promise<void>;
  /** Stops taking jobs and aborts the running ones; waits for them (main.ts bounds the wait). */
  stop(): Promise<void>;
  /** Jobs running on this instance now. */
  readonly running: number;
}

/** Attempts of one job at most: a job that keeps failing (or killing its instance) stops being retried. */
export const maxJobAttempts = 3;
