import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { lockFileName } from './data-dir-lock';

/** A process that stays alive until killed: it stands for another server holding the folder. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { pid: child.pid!, stop: async () => (child.kill('SIGKILL'), await exited) };
}

describe('data folder lock', () => {
  it('refuses a second database on a folder in use, in this process and from another one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const first = await openPglite(dir);
    const lock = JSON.parse(readFileSync(path.join(dir, lockFileName), 'utf8'));
    expect(lock).toMatchObject({ pid: process.pid, host: hostname() });
    await expect(openPglite(dir)).rejects.toThrow(/data folder .* is in use by another Textbook Studio server/);
    await first.close();
    expect(existsSync(path.join(dir, lockFileName))).toBe(false);

    const other = otherProcess();
    try {
      writeFileSync(path.join(dir, lockFileName), JSON.stringify({ pid: other.pid, host: hostname(), since: 'earlier' }));
      await expect(openPglite(dir)).rejects.toThrow(`pid ${other.pid}`);
    } finally {
      await other.stop();
    }
    // Its process died without cleaning up (kill -9): the stale lock is taken over.
    const again = await openPglite(dir);
    expect(JSON.parse(readFileSync(path.join(dir, lockFileName), 'utf8')).pid).toBe(process.pid);
    const rows = await again.pglite!.query<{ one: number }>('select 1 as one');
    expect(rows.rows[0].one).toBe(1);
    await again.close();
  });
});
