import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { moduleErrorLog } from '../core/logger';
import { trackWorker } from '../core/memory-census';
import { workerScript } from '../core/worker-script';
import type { PgliteClient, PgliteTx } from './pglite-client';
import type { PgliteSpec } from './pglite-create';
import { reviveError, type Envelope, type SentError, type ThreadReply, type ThreadRequest } from './pglite-thread-protocol';

const entryUrl = new URL('./pglite-thread-worker.ts', import.meta.url);

/** Parsers are functions and stay on this thread: those that keep PostgreSQL's text as it is are named by type. */
const rawTypesByParsers = new WeakMap<object, number[]>();
const probe = 'pglite-thread parser probe';

function rawTypesOf(options: QueryOptions | undefined): number[] {
  if (!options) return [];
  const { parsers, rowMode: _rowMode, ...rest } = options;
  const other = Object.keys(rest).filter((k) => rest[k as keyof typeof rest] !== undefined);
  if (other.length) throw new Error(`query options ${other.join(', ')} cannot cross to the PGlite thread`);
  if (!parsers) return [];
  let raw = rawTypesByParsers.get(parsers);
  if (!raw) {
    raw = Object.entries(parsers).map(([type, parse]) => {
      if (parse(probe, Number(type)) !== probe) throw new Error(`the parser of type ${type} cannot run on the PGlite thread`);
      return Number(type);
    });
    rawTypesByParsers.set(parsers, raw);
  }
  return raw;
}

/**
 * Bytes go as a copy of just their own range (a Buffer may be a view on a larger pool, which
 * structured cloning would copy whole), moved without a second copy.
 */
function sendable(params: unknown[] | undefined): { params: unknown[]; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const out = (params ?? []).map((p) => {
    if (!(p instanceof Uint8Array)) return p;
    const copy = Uint8Array.prototype.slice.call(p);
    transfer.push(copy.buffer);
    return copy;
  });
  return { params: out, transfer };
}

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/**
 * PGlite on a worker thread of its own, behind PGlite's own methods (the subset drizzle-orm's
 * pglite driver, migrations and backups call), so PostgreSQL's work (a multi-megabyte row
 * parsed, written, read back) never holds the server's event loop. This thread pays only for
 * copying values across. A transaction is one on the PGlite thread, held open while its callback
 * runs here; an error in the callback rolls it back.
 */
export class PgliteThread implements PgliteClient {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private stopped: Error | undefined;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    /** Started from its plain-JavaScript bundle (server/core/worker-script.ts), not through tsx. */
    readonly bundled: boolean,
  ) {
    worker.on('message', (reply: ThreadReply) => {
      if (!('id' in reply)) return;
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(reviveError(reply.error));
      else waiting.resolve(reply.result);
    });
    const stop = (err: Error) => {
      // Every query from now on fails with this (the server answers 500s) rather than waiting forever.
      if (!this.closing && !this.stopped) moduleErrorLog('the PGlite thread stopped: the database is unavailable until a restart', err);
      this.stopped ??= err;
      for (const waiting of this.waiting.values()) waiting.reject(this.stopped);
      this.waiting.clear();
    };
    worker.on('error', (err) => stop(new Error(`the PGlite thread failed: ${err.message}`)));
    worker.on('exit', (code) => stop(new Error(`the PGlite thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and its database; rejects with PGlite's own error if it cannot open. */
  static async open(spec: PgliteSpec): Promise<PgliteThread> {
    const loadDataDir = spec.loadDataDir ? await spec.loadDataDir.arrayBuffer() : undefined;
    const script = workerScript(entryUrl);
    const worker = new Worker(script.file, {
      workerData: {
        ...script.workerData,
        start: { spec: { pgliteDir: spec.pgliteDir, durable: spec.durable, sharedBuffers: spec.sharedBuffers }, loadDataDir },
      },
      transferList: loadDataDir ? [loadDataDir] : [],
      // A young generation of 24 MB, as the server's own (package.json `start`).
      resourceLimits: { maxYoungGenerationSizeMb: 24 },
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the PGlite thread stopped while starting (exit code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (reply: ThreadReply) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if ('failed' in reply) {
          void worker.terminate();
          reject(reviveError(reply.failed as SentError));
        } else resolve();
      });
    });
    worker.unref();
    trackWorker(worker, 'pglite');
    return new PgliteThread(worker, script.bundled);
  }

  call<T>(request: ThreadRequest, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      // Waiting on the database keeps the process alive; an idle database does not.
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id } as Envelope, transfer);
    });
  }

  queryIn<T>(tx: number | undefined, query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    try {
      const rawTypes = rawTypesOf(options);
      const sent = sendable(params);
      return this.call({ op: 'query', sql: query, params: sent.params, rowMode: options?.rowMode, rawTypes, tx }, sent.transfer);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn<T>(undefined, query, params, options);
  }

  exec(query: string, options?: QueryOptions): Promise<Array<Results>> {
    if (options && Object.values(options).some((v) => v !== undefined))
      return Promise.reject(new Error('exec options cannot cross to the PGlite thread'));
    return this.call({ op: 'exec', sql: query });
  }

  async transaction<T>(callback: (tx: PgliteTx) => Promise<T>): Promise<T> {
    const tx = new ThreadTx(this, await this.call<number>({ op: 'begin' }));
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      if (!tx.closed) {
        tx.closed = true;
        await this.call({ op: 'end', tx: tx.id, commit: false }).catch(() => undefined);
      }
      throw err;
    }
    if (!tx.closed) {
      tx.closed = true;
      await this.call({ op: 'end', tx: tx.id, commit: true });
    }
    return result;
  }

  async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    const lock = await this.call<number>({ op: 'lock' });
    try {
      return await fn();
    } finally {
      await this.call({ op: 'unlock', lock });
    }
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  /** How many fsync(2) calls the PGlite thread's file system made (durable-nodefs.ts durableStats). */
  fsyncs(): Promise<number> {
    return this.call({ op: 'fsyncs' });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (!this.stopped) await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}

class ThreadTx implements PgliteTx {
  closed = false;

  constructor(
    private readonly thread: PgliteThread,
    readonly id: number,
  ) {}

  private open(): void {
    if (this.closed) throw new Error('Transaction is closed');
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    this.open();
    return this.thread.queryIn<T>(this.id, query, params, options);
  }

  exec(query: string): Promise<Array<Results>> {
    this.open();
    return this.thread.call({ op: 'exec', sql: query, tx: this.id });
  }

  async rollback(): Promise<void> {
    this.open();
    this.closed = true;
    await this.thread.call({ op: 'end', tx: this.id, commit: false });
  }
}
