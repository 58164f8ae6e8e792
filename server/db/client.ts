import { existsSync } from 'node:fs';
import { Socket } from 'node:net';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { secureDataDir } from './data-dir';
import { lockDataDir } from './data-dir-lock';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { moduleErrorLog, type ErrorLog } from '../core/logger';
import type { PgliteClient } from './pglite-client';
import { createPglite, type PgliteSpec } from './pglite-create';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * One database type for both drivers: drizzle's PGlite and node-postgres
 * databases expose the same query builder, so repos are written once.
 */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool when on PostgreSQL (LISTEN/NOTIFY needs its own client). */
  pool?: pg.Pool;
  /** PGlite, on this thread or on its own (PGLITE_THREAD, pglite-thread.ts). */
  pglite?: PgliteClient;
  /** PGlite's data folder on disk (absent in memory): backups read it file by file (pglite-tar.ts). */
  pgliteDir?: string;
  close(): Promise<void>;
}

interface PgliteOptions {
  loadDataDir?: Blob;
  fsync?: boolean;
  /** PostgreSQL's shared_buffers (default 32MB: resident memory, so kept small; config.ts PGLITE_SHARED_BUFFERS). */
  sharedBuffers?: string;
  /**
   * Where PGlite runs: `worker`, a thread of its own, so a multi-megabyte row never holds the
   * event loop (pglite-thread.ts); `main`, the server's thread (config.ts PGLITE_THREAD).
   */
  thread?: PgliteThreadMode;
}

export type PgliteThreadMode = 'worker' | 'main';

/**
 * `fsync` (default on; PGLITE_FSYNC=off opts out): commits reach the disk before they return
 * (durable-nodefs.ts). Off, a crash of the process loses nothing committed, but a power cut may.
 */
export async function openPglite(dataDir: string | undefined, opts: PgliteOptions = {}): Promise<Database> {
  if (dataDir) secureDataDir(dataDir);
  // One server per data folder: PGlite has no lock of its own, and two writers corrupt it.
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    return await openLockedPglite(dataDir, opts, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

async function openLockedPglite(dataDir: string | undefined, opts: PgliteOptions, unlock: () => void): Promise<Database> {
  const durable = Boolean(dataDir) && opts.fsync !== false;
  const pgliteDir = dataDir ? path.join(dataDir, 'pglite') : undefined;
  const firstStart = pgliteDir !== undefined && !existsSync(path.join(pgliteDir, 'PG_VERSION'));
  const spec: PgliteSpec = { pgliteDir, durable, loadDataDir: opts.loadDataDir, sharedBuffers: opts.sharedBuffers ?? '32MB' };
  // A new data folder is made by PGlite's initdb in a process of its own (pglite-initdb-process.mjs):
  // made here, what initdb leaves behind stayed resident, about 250 MB, for the life of the process, and
  // made in a thread, about 130 MB (the allocator keeps what the thread freed).
  if (pgliteDir && !opts.loadDataDir && firstStart) await initDataDirInProcess(pgliteDir);
  const client: PgliteClient = opts.thread === 'worker' ? await PgliteThread.open(spec) : await createPglite(spec);
  // PGlite's first start writes its files 0666 whatever the umask: bring them to 0600 at once.
  if (dataDir) secureDataDir(dataDir);
  // The thread's client answers the calls drizzle's pglite driver makes (query, transaction).
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    pgliteDir,
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

function initDataDirInProcess(pgliteDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(new URL('./pglite-initdb-process.mjs', import.meta.url));
    const child = spawn(process.execPath, [script, pgliteDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`making the database in ${pgliteDir} failed (its process exited with ${signal ?? `code ${code}`}): ${stderr.trim()}`),
          ),
    );
  });
}

/** How long one statement may run: PostgreSQL cancels it past this (no request of the app comes near it). */
export const statementTimeoutMs = 20_000;
/**
 * A connection that stays silent this long is dead (a network cut, a proxy that stopped
 * forwarding): its socket is destroyed, so the queries waiting on it fail and the pool opens a
 * new one. Longer than any statement may run, so a slow answer is never mistaken for silence;
 * idle pooled connections are closed long before (idleTimeoutMillis).
 */
export const silentConnectionMs = statementTimeoutMs + 10_000;
/** Key of the PostgreSQL advisory lock held while migrating ("Migrations under a lock", docs/decisions.md). */
export const migrationLockKey = 7_341_205_337;

function silentSocketAfter(ms: number): () => Socket {
  return () => {
    const socket = new Socket();
    socket.setTimeout(ms, () => socket.destroy(new Error(`database connection silent for ${Math.round(ms / 1000)} s`)));
    return socket;
  };
}

/**
 * Connection settings that notice a dead peer: TCP keep-alive, a connect timeout, a statement
 * timeout on the server, a transaction left idle is ended by the server, and a silent socket is
 * destroyed ("PostgreSQL connections notice a dead peer", docs/decisions.md).
 */
export function robustConnectionConfig(url: string): pg.PoolConfig {
  return {
    connectionString: url,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 5_000,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: 60_000,
    idleTimeoutMillis: 10_000,
    stream: silentSocketAfter(silentConnectionMs),
  };
}

/** `onError` hears errors of idle pool clients (a server restart, a dead socket). */
export async function openPostgres(url: string, onError: ErrorLog = moduleErrorLog): Promise<Database> {
  const pool = new pg.Pool({ ...robustConnectionConfig(url), max: 10 });
  // An idle client that errors (server restart, dead socket) must not crash the process.
  pool.on('error', (err) => onError('postgres pool error', err.message));
  // Nor may a client held for a transaction: the pool drops its idle listener while the client is
  // checked out, so a restart during a save emitted 'error' with no one listening and took the
  // process down. This listener stays for the client's life; the query in flight still fails
  // (and is answered 503, server/http/error-handler.ts), and the pool discards the broken client.
  pool.on('connect', (client) => {
    client.on('error', (err) => onError('postgres connection error', err.message));
  });
  const db = drizzlePg(pool, { schema });
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/**
 * Migrates on one dedicated connection holding a PostgreSQL advisory lock, so instances that
 * start together on an empty database migrate one after the other (the second finds nothing
 * left to do). The connection has no statement timeout: a migration may rebuild a large table.
 */
async function migratePostgres(database: Database): Promise<void> {
  const options = database.pool!.options as pg.PoolConfig;
  const client = new pg.Client({ connectionString: options.connectionString, keepAlive: true, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    // Closing the session releases the lock too; unlocking first lets the next instance go at once.
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePostgres(database);
  }
}

/** `onError`: where a PostgreSQL pool reports errors of idle clients (main.ts: the app's logger once it exists). */
export async function openDatabase(
  config: { databaseUrl?: string; dataDir: string; pgliteFsync?: boolean; pgliteSharedBuffers?: string; pgliteThread?: PgliteThreadMode },
  onError: ErrorLog = moduleErrorLog,
): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, onError)
    : await openPglite(config.dataDir, {
        fsync: config.pgliteFsync,
        sharedBuffers: config.pgliteSharedBuffers,
        thread: config.pgliteThread,
      });
  await migrateDatabase(database);
  return database;
}
