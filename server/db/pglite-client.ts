import type { PGlite, Results } from '@electric-sql/pglite';

/** What the server asks of PGlite, whether it runs on the server's thread or on its own (pglite-thread.ts). */
export interface PgliteTx {
  query: PGlite['query'];
  exec: PGlite['exec'];
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteClient {
  query: PGlite['query'];
  exec: PGlite['exec'];
  transaction<T>(callback: (tx: PgliteTx) => Promise<T>): Promise<T>;
  /** Runs `fn` while no query runs (backup.ts copies the data folder meanwhile). */
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}

export type { Results };
