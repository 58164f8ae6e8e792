import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { writeDataDirTarGz } from './pglite-tar';

/**
 * Backups that are consistent: PGlite's data directory dumped as one tar by the PGlite instance
 * that owns it, after a checkpoint and while no query runs (PGlite.dumpDataDir), so restoring it
 * is like reopening after a clean stop; PostgreSQL through pg_dump (one snapshot) and pg_restore.
 */

/** Files in DATA_DIR through which `npm run backup` asks a running server for a dump (PGlite allows one process). */
export const pidFileName = 'server.pid';
const requestFileName = 'backup.request';
const answerFileName = 'backup.answer';

/**
 * Writes a PGlite database's dump (a tar.gz) to `file`, atomically. A database on disk is copied
 * beside `file` while no query runs (asynchronous file copies: the event loop stays free), then
 * streamed file by file through gzip (pglite-tar.ts) while the server goes on; one in memory
 * (tests) is dumped by PGlite in one piece.
 */
export async function dumpPglite(database: Database, file: string): Promise<number> {
  const pglite = database.pglite;
  if (!pglite) throw new Error('not a PGlite database');
  await database.db.execute(sql`CHECKPOINT`);
  if (database.pgliteDir) {
    const dataDir = database.pgliteDir;
    const partial = `${file}.partial`;
    // Queries wait only while the files are copied (no compression meanwhile); the copy is then
    // packed while the server goes on.
    const snapshot = await mkdtemp(path.join(path.dirname(file), '.backup-'));
    try {
      await pglite.runExclusive(() => cp(dataDir, snapshot, { recursive: true, preserveTimestamps: true }));
      const bytes = await writeDataDirTarGz(snapshot, partial);
      renameSync(partial, file);
      return bytes;
    } finally {
      await rm(snapshot, { recursive: true, force: true });
    }
  }
  const dump = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
  return bytes.length;
}

/** Unpacks a PGlite dump into `dataDir` (which must hold no database yet); the server opens it as usual. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'pglite');
  if (existsSync(target)) throw new Error(`${target} already exists: move it away first (or restore with --force)`);
  const client = await PGlite.create({
    dataDir: target,
    extensions: { vector },
    loadDataDir: new Blob([readFileSync(file)]),
  });
  await client.close();
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) => reject(new Error(`${command} could not run (${err.message}); install the PostgreSQL client tools`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`))));
  });
}

/** pg_dump in its custom format (one consistent snapshot; pg_restore reads it). */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  const partial = `${file}.partial`;
  await run('pg_dump', ['--format=custom', '--no-owner', '--file', partial, '--dbname', url]);
  renameSync(partial, file);
}

/** pg_restore into the database at `url`, replacing the tables it holds (--clean). */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', url, file]);
}

/**
 * In a running server on PGlite: writes DATA_DIR/server.pid and, on SIGUSR2, dumps the database
 * to the path named in DATA_DIR/backup.request, answering in DATA_DIR/backup.answer. Returns
 * the clean-up to run at shutdown.
 */
export function serveBackupRequests(database: Database, dataDir: string, log: (message: string) => void): () => void {
  const pidFile = path.join(dataDir, pidFileName);
  writeFileSync(pidFile, String(process.pid), { mode: 0o600 });
  const onSignal = () => {
    const requestFile = path.join(dataDir, requestFileName);
    const answerFile = path.join(dataDir, answerFileName);
    let target = '';
    try {
      target = readFileSync(requestFile, 'utf8').trim();
      rmSync(requestFile, { force: true });
    } catch {
      return;
    }
    dumpPglite(database, target).then(
      (bytes) => {
        log(`backup written to ${target} (${bytes} bytes)`);
        writeFileSync(answerFile, `ok ${bytes}`, { mode: 0o600 });
      },
      (err: unknown) => writeFileSync(answerFile, `error ${(err as Error).message}`, { mode: 0o600 }),
    );
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(pidFile, { force: true });
  };
}

/** The pid of the server using this data directory, when one runs. */
export function runningServer(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, pidFileName), 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Asks the running server for a dump and waits for its answer (a minute at most). */
export async function requestServerBackup(dataDir: string, pid: number, file: string): Promise<number> {
  const answerFile = path.join(dataDir, answerFileName);
  rmSync(answerFile, { force: true });
  writeFileSync(path.join(dataDir, requestFileName), file, { mode: 0o600 });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if (!existsSync(answerFile)) continue;
    const answer = readFileSync(answerFile, 'utf8');
    rmSync(answerFile, { force: true });
    if (answer.startsWith('ok ')) return Number(answer.slice(3));
    throw new Error(answer.replace(/^error /, ''));
  }
  throw new Error('the running server did not answer within a minute');
}
