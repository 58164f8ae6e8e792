import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const lockFileName = 'server.lock';

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** Data folders this process holds: a second open of one in the same process is refused as well. */
const heldHere = new Set<string>();

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host, since: String(owner.since ?? '') }
      : null;
  } catch {
    return null; // unreadable or half written: whoever wrote it is not a server holding the folder
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another account.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while the recorded owner may still use the folder (on another host it cannot be checked). */
function stillHeld(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return false; // a lock of ours not in `heldHere`: left by a closed database
  return isAlive(owner.pid);
}

export class DataDirInUseError extends Error {
  constructor(dir: string, owner: LockOwner, file: string) {
    super(
      `The data folder ${dir} is in use by another Textbook Studio server (pid ${owner.pid} on ${owner.host}` +
        `${owner.since ? `, since ${owner.since}` : ''}). Stop that server first, or give this one another DATA_DIR. ` +
        `If no server uses it any more, delete ${file}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * An exclusive claim on a PGlite data folder: DATA_DIR/server.lock holds the pid, host and start
 * time of the server using it. A second server (or a second open in this process) is refused with
 * a clear message; a lock whose process has died (kill -9, a crash) is taken over. Returns the
 * release, which removes the file if it is still ours.
 */
export function lockDataDir(dir: string): () => void {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, lockFileName);
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  if (heldHere.has(resolved)) throw new DataDirInUseError(resolved, me, file);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      const owner = readOwner(file);
      if (owner && stillHeld(owner)) throw new DataDirInUseError(resolved, owner, file);
      // Stale: moved aside (one racing taker wins the rename), then claimed afresh with `wx`.
      try {
        renameSync(file, `${file}.stale-${process.pid}`);
        rmSync(`${file}.stale-${process.pid}`, { force: true });
      } catch {
        /* another starting server moved it first: try again */
      }
    }
  }
  heldHere.add(resolved);
  const onExit = () => release();
  process.once('exit', onExit);
  let released = false;
  function release() {
    if (released) return;
    released = true;
    heldHere.delete(resolved);
    process.off('exit', onExit);
    const owner = readOwner(file);
    if (owner && owner.pid === me.pid && owner.since === me.since) rmSync(file, { force: true });
  }
  return release;
}
