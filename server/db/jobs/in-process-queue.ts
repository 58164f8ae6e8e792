import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { outsideRequestScope } from '@server/core/request-scope';
import type { Db } from '../client';
import { queuedJobs } from '../schema';
import { maxJobAttempts, type JobHandler, type JobQueue } from './job-queue';

interface Pending {
  id: string;
  name: string;
  data: Record<string, unknown>;
  attempts: number;
}

/**
 * The job queue on PGlite: one process, so jobs run here, at most `concurrency` at a time, each
 * kept in `queued_jobs` until it ends; a restart after a crash runs the unfinished ones again.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly waiting: Pending[] = [];
  private readonly active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    readonly instanceId: string,
    private readonly concurrency = 2,
  ) {}

  get running(): number {
    return this.active.size;
  }

  work(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async start(): Promise<void> {
    this.started = true;
    const left = await this.db.select().from(queuedJobs).orderBy(queuedJobs.createdAt);
    for (const row of left)
      this.waiting.push({ id: row.id, name: row.name, data: row.data as Record<string, unknown>, attempts: row.attempts });
    this.pump();
  }

  async send(name: string, data: Record<string, unknown>): Promise<void> {
    if (this.stopped) throw new Error('job queue stopped');
    const id = randomUUID();
    await this.db.insert(queuedJobs).values({ id, name, data });
    this.waiting.push({ id, name, data, attempts: 0 });
    if (this.started) this.pump();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const { controller } of this.active.values()) controller.abort();
    await Promise.all([...this.active.values()].map((a) => a.done));
  }

  private pump(): void {
    while (!this.stopped && this.active.size < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      const handler = this.handlers.get(job.name);
      if (!handler) continue;
      const controller = new AbortController();
      const done = this.run(job, handler, controller).finally(() => {
        this.active.delete(job.id);
        this.pump();
      });
      this.active.set(job.id, { controller, done });
    }
  }

  private async run(job: Pending, handler: JobHandler, controller: AbortController): Promise<void> {
    const remove = () =>
      this.db
        .delete(queuedJobs)
        .where(eq(queuedJobs.id, job.id))
        .catch(() => undefined);
    if (job.attempts >= maxJobAttempts) return void (await remove());
    await this.db
      .update(queuedJobs)
      .set({ attempts: sql`${queuedJobs.attempts} + 1` })
      .where(eq(queuedJobs.id, job.id))
      .catch(() => undefined);
    try {
      // A job sent while handling a request belongs to no request: its client leaving must not cancel it.
      await outsideRequestScope(() => handler(job.data, { signal: controller.signal, attempt: job.attempts + 1 }));
    } catch {
      // The handler records its own failures; a throw only asks for a retry, which a stop also leaves to the next start.
      if (!controller.signal.aborted && job.attempts + 1 < maxJobAttempts) {
        this.waiting.push({ ...job, attempts: job.attempts + 1 });
        return;
      }
    }
    if (!controller.signal.aborted) await remove();
  }
}
