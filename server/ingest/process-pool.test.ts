import { afterEach, describe, expect, it } from 'vitest';
import { QueueFullError } from '@server/core/task-queue';
import { ProcessMemoryError, ProcessPool, ProcessTimeoutError, TaskAbortError, type ProcessPoolOptions } from './process-pool';

type Job = { echo?: string; holdMb?: number; heapObjectsMb?: number; waitMs?: number; reports?: number };
type Reply = { echo?: string; pid: number };

const entry = new URL('../test/ingest/process-pool-entry.support.ts', import.meta.url);
const pools: Array<ProcessPool<Job, Reply>> = [];

function poolOf(options: Partial<ProcessPoolOptions> = {}) {
  const pool = new ProcessPool<Job, Reply>(entry, {
    size: 1,
    memoryLimitMb: 256,
    perOwnerRunning: 1,
    maxQueued: 10,
    perOwnerQueued: 10,
    ...options,
  });
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('the extraction process pool', () => {
  it('passes what a process reports while it works to the caller, then its answer', async () => {
    const pool = poolOf();
    const reports: unknown[] = [];
    const reply = await pool.run({ echo: 'done', reports: 3 }, { timeoutMs: 20_000, onProgress: (p) => reports.push(p) });
    expect(reports).toEqual([
      { done: 1, total: 3 },
      { done: 2, total: 3 },
      { done: 3, total: 3 },
    ]);
    expect(reply.echo).toBe('done');
  });

  it('kills a process whose memory passes the limit (buffers count, not only the heap), and the next task gets a new one', async () => {
    const pool = poolOf({ memoryLimitMb: 200 });
    const first = await pool.run({ echo: 'before' }, { timeoutMs: 20_000 });
    const err = await pool.run({ holdMb: 600, waitMs: 5_000 }, { timeoutMs: 20_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessMemoryError);
    expect(pool.stats().memoryKills).toBe(1);
    const after = await pool.run({ echo: 'after' }, { timeoutMs: 20_000 });
    expect(after.echo).toBe('after');
    expect(after.pid).not.toBe(first.pid);
  });

  it('ends a process left large by its task at once, keeps a small one ready, and starts a new one for the next task', async () => {
    const pool = poolOf({ memoryLimitMb: 600, idleExitMs: 60_000, largeMb: 150 });
    const small = await pool.run({ echo: 'small' }, { timeoutMs: 20_000 });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(pool.stats().processes).toBe(1);
    const large = await pool.run({ holdMb: 250 }, { timeoutMs: 20_000 });
    expect(large.pid).toBe(small.pid);
    // Ended before its answer reached the caller.
    expect(pool.stats().processes).toBe(0);
    const next = await pool.run({ echo: 'next' }, { timeoutMs: 20_000 });
    expect(next.echo).toBe('next');
    expect(next.pid).not.toBe(large.pid);
  });

  it('gives a large process the next waiting task rather than ending it', async () => {
    const pool = poolOf({ memoryLimitMb: 600, idleExitMs: 60_000, largeMb: 150 });
    const [large, next] = await Promise.all([
      pool.run({ holdMb: 250 }, { timeoutMs: 20_000 }),
      pool.run({ echo: 'queued' }, { timeoutMs: 20_000 }),
    ]);
    expect(next.echo).toBe('queued');
    expect(next.pid).toBe(large.pid);
    expect(pool.stats().processes).toBe(0);
  });

  it('fails a task whose heap passes a cap below the resident limit as over memory, naming the cap, and the next task runs', async () => {
    const pool = poolOf({ memoryLimitMb: 1024, heapMb: 64 });
    const small = await pool.run({ heapObjectsMb: 8 }, { timeoutMs: 20_000 });
    const err = await pool.run({ heapObjectsMb: 400 }, { timeoutMs: 60_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessMemoryError);
    expect((err as ProcessMemoryError).limitMb).toBe(64);
    const next = await pool.run({ echo: 'next' }, { timeoutMs: 20_000 });
    expect(next.echo).toBe('next');
    expect(next.pid).not.toBe(small.pid);
  });

  it('kills a task past its time limit', async () => {
    const pool = poolOf();
    await expect(pool.run({ waitMs: 60_000 }, { timeoutMs: 1_500 })).rejects.toBeInstanceOf(ProcessTimeoutError);
    expect((await pool.run({ echo: 'next' }, { timeoutMs: 20_000 })).echo).toBe('next');
  });

  it('refuses work past the queue caps at once, for everyone and per owner', async () => {
    const pool = poolOf({ maxQueued: 3, perOwnerQueued: 2 });
    const running = pool.run({ waitMs: 1_000 }, { timeoutMs: 20_000, owner: 'a' });
    const a1 = pool.run({ echo: 'a1' }, { timeoutMs: 20_000, owner: 'a' });
    const a2 = pool.run({ echo: 'a2' }, { timeoutMs: 20_000, owner: 'a' });
    await expect(pool.run({ echo: 'a3' }, { timeoutMs: 20_000, owner: 'a' })).rejects.toEqual(new QueueFullError('owner'));
    const b1 = pool.run({ echo: 'b1' }, { timeoutMs: 20_000, owner: 'b' });
    await expect(pool.run({ echo: 'c1' }, { timeoutMs: 20_000, owner: 'c' })).rejects.toEqual(new QueueFullError('pool'));
    expect(pool.stats()).toMatchObject({ queued: 3, refused: 2 });
    await Promise.all([running, a1, a2, b1]);
  });

  it("takes turns between owners: one user's many files do not hold up another's one", async () => {
    const pool = poolOf();
    const order: string[] = [];
    const job = (owner: string, name: string, waitMs = 0) =>
      pool.run({ echo: name, waitMs }, { timeoutMs: 20_000, owner }).then((r) => order.push(r.echo ?? ''));
    const all = [job('a', 'a1', 300), job('a', 'a2'), job('a', 'a3'), job('b', 'b1'), job('a', 'a4'), job('b', 'b2')];
    await Promise.all(all);
    expect(order).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('drops a waiting task whose signal aborts, and kills the process of a running one', async () => {
    const pool = poolOf();
    const waiting = new AbortController();
    const running = new AbortController();
    const first = pool.run({ waitMs: 30_000 }, { timeoutMs: 60_000, signal: running.signal });
    const second = pool.run({ echo: 'never' }, { timeoutMs: 60_000, signal: waiting.signal });
    waiting.abort();
    await expect(second).rejects.toBeInstanceOf(TaskAbortError);
    expect(pool.stats()).toMatchObject({ queued: 0, running: 1, cancelled: 1 });
    running.abort();
    await expect(first).rejects.toBeInstanceOf(TaskAbortError);
    expect(pool.stats()).toMatchObject({ running: 0, cancelled: 2 });
    expect((await pool.run({ echo: 'fresh' }, { timeoutMs: 20_000 })).echo).toBe('fresh');
  });
});
