import { appendFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import type { Worker } from 'node:worker_threads';

/**
 * Where this process's memory is, thread by thread: the worker pools register their threads here,
 * and a census lists the main thread's heap, each live worker's heap (by the file it runs) and the
 * process's buffers outside any heap. `npm run bench:memory` starts the server with
 * `MEMORY_CENSUS_FILE` set and reads the lines written there to tell which thread holds the peak.
 */
const workers = new Map<Worker, string>();

export function trackWorker(worker: Worker, kind: string): void {
  workers.set(worker, kind);
  worker.once('exit', () => workers.delete(worker));
}

export interface MemoryCensus {
  at: number;
  rss: number;
  /** ArrayBuffers and Buffers of all threads (outside the V8 heaps). */
  arrayBuffers: number;
  main: { heap: number; external: number };
  workers: Array<{ kind: string; heap: number; external: number }>;
}

export async function memoryCensus(): Promise<MemoryCensus> {
  const usage = process.memoryUsage();
  const main = getHeapStatistics();
  const rows = await Promise.all(
    [...workers].map(async ([worker, kind]) => {
      try {
        const s = await worker.getHeapStatistics();
        return { kind, heap: s.total_physical_size, external: s.external_memory };
      } catch {
        return undefined;
      }
    }),
  );
  return {
    at: Date.now(),
    rss: usage.rss,
    arrayBuffers: usage.arrayBuffers,
    main: { heap: main.total_physical_size, external: main.external_memory },
    workers: rows.filter((r) => r !== undefined),
  };
}

/** Appends a census as one JSON line to `file` every `everyMs`; the returned function stops it. */
export function writeMemoryCensus(file: string, everyMs = 200): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void memoryCensus()
      .then((c) => appendFileSync(file, `${JSON.stringify(c)}\n`))
      .catch(() => {})
      .finally(() => (busy = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
