import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createTextbook } from '../features/textbooks/textbooks.service';
import { migrateDatabase, openPglite, openPostgres, type Database } from './client';
import { insertUser } from '../features/auth/auth.repo';
import { freePort } from '../test/instances.support';
import { offlineServerEnv } from '../test/server-env.support';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const node = process.execPath;

/** Runs `npm run backup|restore` as an operator would (the script itself, with the server's environment). */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(node, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    timeout: 120_000,
  });
}

function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

async function books(database: Database) {
  return rowsOf<{ topic: string; username: string }>(
    await database.db.execute(sql`select t.topic, u.username from textbooks t join users u on u.id = t.owner_id order by t.id`),
  );
}

describe('backup and restore on PGlite', () => {
  it("backs up a stopped server's data folder, restores it into a fresh one, and the books are there", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backup-src-'));
    const database = await openPglite(dir);
    await migrateDatabase(database);
    const user = await insertUser(database.db, 'archivist', 'not-a-real-hash');
    await createTextbook(database.db, {
      owner: { id: user.id, username: user.username },
      topic: 'Kept Safe',
      content: { title: 'Kept Safe', chapters: [{ title: 'One', content: '<p>Text.</p>', sections: [] }], references: [] },
    });
    await database.close();

    const file = path.join(dir, 'backup.tar.gz');
    const out = await script('backup', [file], { DATA_DIR: dir });
    expect(out.stdout).toMatch(/PGlite backup of .* written to/);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const fresh = mkdtempSync(path.join(tmpdir(), 'backup-dst-'));
    await script('restore', [file], { DATA_DIR: fresh });
    const restored = await openPglite(fresh);
    try {
      expect(await books(restored)).toEqual([{ topic: 'Kept Safe', username: 'archivist' }]);
    } finally {
      await restored.close();
    }
    // An existing database is not overwritten without --force.
    await expect(script('restore', [file], { DATA_DIR: fresh })).rejects.toMatchObject({ stderr: expect.stringMatching(/--force/) });
  }, 240_000);

  it('asks a running server for the dump (PGlite allows one process), consistent while it serves', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backup-live-'));
    const port = await freePort();
    const server = spawn(node, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: offlineServerEnv(port, dir),
      stdio: 'ignore',
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await until(async () => (await fetch(`${base}/api/ready`).catch(() => undefined))?.ok === true);
      const reg = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'live_user', password: 'secret-pass' }),
      });
      expect(reg.status).toBe(201);
      const file = path.join(dir, 'live.tar.gz');
      const out = await script('backup', [file], { DATA_DIR: dir });
      expect(out.stdout).toMatch(/written by the running server/);
      expect(existsSync(file)).toBe(true);
      // A restore into the running server's folder is refused.
      await expect(script('restore', [file, '--force'], { DATA_DIR: dir })).rejects.toMatchObject({
        stderr: expect.stringMatching(/stop it first/),
      });
      const fresh = mkdtempSync(path.join(tmpdir(), 'backup-live-dst-'));
      await script('restore', [file], { DATA_DIR: fresh });
      const restored = await openPglite(fresh);
      try {
        const users = rowsOf<{ username: string }>(await restored.db.execute(sql`select username from users`));
        expect(users.map((u) => u.username)).toContain('live_user');
      } finally {
        await restored.close();
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }, 240_000);
});

describe.runIf(Boolean(inject('pgTemplateUrl')))('backup and restore on PostgreSQL', () => {
  it('dumps with pg_dump and restores into an empty database with pg_restore', async () => {
    const admin = new URL(inject('pgTemplateUrl'));
    admin.pathname = '/postgres';
    const names = [`bk_src_${process.pid}`, `bk_dst_${process.pid}`];
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    const urls = names.map((n) => Object.assign(new URL(admin), { pathname: `/${n}` }).toString());
    try {
      for (const n of names) await client.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      for (const n of names) await client.query(`CREATE DATABASE ${n}`);
      const source = await openPostgres(urls[0]);
      await migrateDatabase(source);
      const user = await insertUser(source.db, 'pg_archivist', 'not-a-real-hash');
      await createTextbook(source.db, {
        owner: { id: user.id, username: user.username },
        topic: 'On PostgreSQL',
        content: { title: 'On PostgreSQL', chapters: [], references: [] },
      });
      await source.close();
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'pgbk-')), 'db.pgdump');
      await script('backup', [file], { DATABASE_URL: urls[0] });
      await script('restore', [file], { DATABASE_URL: urls[1] });
      const restored = await openPostgres(urls[1]);
      try {
        expect(await books(restored)).toEqual([{ topic: 'On PostgreSQL', username: 'pg_archivist' }]);
      } finally {
        await restored.close();
      }
    } finally {
      for (const n of names) await client.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      await client.end();
    }
  });
});

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}
