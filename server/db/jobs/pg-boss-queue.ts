import { PgBoss } from 'pg-boss';
import type pg from 'pg';
import { outsideRequestScope } from '@server/core/request-scope';
import { maxJobAttempts, type JobHandler, type JobQueue } from './job-queue';

/** A running job refreshes its heartbeat every 5 s; one not heard from for this long is retried elsewhere. */
const heartbeatSeconds = 10;
/** Longest a job may run at all (an LLM composing a whole book included). */
const expireInSeconds = 60 * 60;

export interface PgBossQueueOptions {
  instanceId: string;
  onError?: (message: string, err: unknown) => void;
  concurrency?: number;
}

/**
 * The job queue on PostgreSQL, on pg-boss (its tables in schema `pgboss`, created at start under
 * its own advisory lock) through the app's pool, so the pool's timeouts hold for it too. Every
 * instance works every queue; a job sent here is offered to this instance's worker at once.
 */
export class PgBossJobQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  readonly instanceId: string;
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly workers = new Map<string, string>();
  private readonly controllers = new Set<AbortController>();
  private active = 0;

  constructor(
    pool: pg.Pool,
    private readonly options: PgBossQueueOptions,
  ) {
    this.instanceId = options.instanceId;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
      schema: 'pgboss',
      supervise: true,
      superviseIntervalSeconds: 5,
      monitorIntervalSeconds: 5,
      schedule: false,
      registerInstance: false,
      openTelemetry: { enabled: false },
    });
    this.boss.on('error', (err: unknown) => options.onError?.('job queue error', err));
  }

  get running(): number {
    return this.active;
  }

  work(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const [name, handler] of this.handlers) {
      await this.boss.createQueue(name, { heartbeatSeconds, expireInSeconds, retryLimit: maxJobAttempts - 1, retryDelay: 1 });
      const id = await this.boss.work<Record<string, unknown>>(
        name,
        { localConcurrency: this.options.concurrency ?? 2, pollingIntervalSeconds: 1, batchSize: 1 },
        async ([job]) => {
          const controller = new AbortController();
          job.signal.addEventListener('abort', () => controller.abort(), { once: true });
          this.controllers.add(controller);
          this.active++;
          try {
            await outsideRequestScope(() => handler(job.data, { signal: controller.signal, attempt: job.retryCount + 1 }));
          } finally {
            this.active--;
            this.controllers.delete(controller);
          }
        },
      );
      this.workers.set(name, id);
    }
  }

  async send(name: string, data: Record<string, unknown>): Promise<void> {
    await this.boss.send(name, data);
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  async stop(): Promise<void> {
    for (const controller of this.controllers) controller.abort();
    await this.boss.stop({ graceful: true, timeout: 5_000, close: false });
  }
}
