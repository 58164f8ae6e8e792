import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '@server/db/client';
import { bookContent } from '@server/realtime/realtime-fixtures';
import { createTextbook } from '../textbooks/textbooks.service';
import { openLiveClient, type LiveClient } from './live-test-client';

/**
 * Two real server processes on one PostgreSQL with Debian's redis-server between them: live
 * documents stay in step keystroke by keystroke (Hocuspocus's Redis extension), carets cross, and
 * a REST save on one instance reaches typists on the other. Runs in CI's PostgreSQL pass.
 */
const templateUrl = inject('pgTemplateUrl');
const redisServer = '/usr/bin/redis-server';
const ready = Boolean(templateUrl) && existsSync(redisServer);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function until(check: () => Promise<boolean> | boolean, what: string, child: ChildProcess, output: string[], ms = 45_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited: ${output.join('')}`);
    if (await Promise.resolve(check()).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface User {
  id: number;
  username: string;
  cookie: string;
}

async function register(base: string, stem: string): Promise<User> {
  const username = `${stem}_${randomBytes(3).toString('hex')}`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'correct-horse' }),
  });
  expect(res.status).toBe(201);
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  return { ...((await res.json()) as { id: number; username: string }), cookie };
}

describe.skipIf(!ready)(
  `live documents on two instances (${ready ? 'PostgreSQL and redis-server' : 'needs TEST_DATABASE_URL and Debian redis-server'})`,
  () => {
    const name = `ts_live_${randomBytes(4).toString('hex')}`;
    let adminUrl = '';
    let database: Database;
    const children: ChildProcess[] = [];
    const urls: string[] = [];
    const clients: LiveClient[] = [];

    beforeAll(async () => {
      const admin = new URL(templateUrl);
      admin.pathname = '/postgres';
      adminUrl = admin.toString();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(templateUrl).pathname.slice(1)}`);
      await c.end();
      const dbUrl = new URL(templateUrl);
      dbUrl.pathname = `/${name}`;
      database = await openPostgres(dbUrl.toString());

      const redisPort = await freePort();
      const redisOutput: string[] = [];
      const redis = spawn(redisServer, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(redis);
      redis.stdout?.on('data', (d) => redisOutput.push(String(d)));
      await until(() => redisOutput.join('').includes('Ready to accept connections'), 'redis-server', redis, redisOutput);

      const secret = randomBytes(24).toString('base64url');
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-live-instance-'));
        const output: string[] = [];
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          cwd: process.cwd(),
          env: {
            ...process.env,
            DATABASE_URL: dbUrl.toString(),
            REDIS_URL: `redis://127.0.0.1:${redisPort}`,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            SESSION_SECRET: secret,
            LOG_LEVEL: 'warn',
            AI_PROVIDER: 'offline',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.push(child);
        child.stdout?.on('data', (d) => output.push(String(d)));
        child.stderr?.on('data', (d) => output.push(String(d)));
        child.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
        const url = `http://127.0.0.1:${port}`;
        await until(async () => (await fetch(`${url}/api/user`)).status === 401, `instance ${i + 1}`, child, output);
        urls.push(url);
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      await database?.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    }, 30_000);

    it('keeps one document in step across instances: same-paragraph typing, carets, a REST save, one stored text', async () => {
      const [a, b] = urls;
      const alice = await register(a, 'alice');
      const bob = await register(b, 'bob');
      const book = await createTextbook(database.db, {
        owner: { id: alice.id, username: alice.username },
        topic: 'Across',
        content: bookContent(2),
      });
      const add = await fetch(`${a}/api/textbooks/${book.id}/collaborators`, {
        method: 'POST',
        headers: { cookie: alice.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ collaboratorId: bob.id }),
      });
      expect(add.status).toBeLessThan(300);
      const stored = async () =>
        (await (await fetch(`${a}/api/textbooks/${book.id}`, { headers: { cookie: alice.cookie } })).json()) as {
          revision: number;
          content: { chapters: Array<{ sections: Array<{ id: string; content: string }> }> };
        };
      const section = (await stored()).content.chapters[0].sections[0].id;

      const onA = await openLiveClient(a, { cookie: alice.cookie, textbookId: book.id });
      const onB = await openLiveClient(b, { cookie: bob.cookie, textbookId: book.id });
      clients.push(onA, onB);
      await Promise.all([onA.synced, onB.synced]);

      onA.type(section, 0, ' from A');
      onB.type(section, 0, 'B says: ', 0);
      const both = (c: LiveClient) => c.paragraphs(section)[0] === 'B says: Original text 1 from A';
      await onA.until(() => both(onA), 10_000, 'both texts on instance A');
      await onB.until(() => both(onB), 10_000, 'both texts on instance B');

      // Carets: what a client tells its instance reaches the other instance's clients, under the signed-in name.
      onB.provider.setAwarenessField('user', { name: 'anyone', color: '#000000' });
      await onA.until(
        () =>
          [...onA.provider.awareness!.getStates().values()].some((s) => (s.user as { name?: string } | undefined)?.name === bob.username),
        10_000,
        "bob's caret on instance A",
      );

      // A REST save through instance A while bob types on instance B.
      const current = await stored();
      current.content.chapters[0].sections[0].content = `${current.content.chapters[0].sections[0].content}<p>Saved through A</p>`;
      onB.type(section, 0, '!');
      const save = await fetch(`${a}/api/textbooks/${book.id}`, {
        method: 'PATCH',
        headers: { cookie: alice.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content: current.content, baseRevision: current.revision }),
      });
      expect(save.status).toBe(200);
      await onB.until(() => onB.paragraphs(section).length === 2, 10_000, 'the REST paragraph on instance B');
      await onA.until(() => onA.paragraphs(section)[0].endsWith('!'), 10_000, "bob's last keystroke on instance A");
      expect(onB.paragraphs(section)).toEqual(['B says: Original text 1 from A!', 'Saved through A']);

      await onB.flush();
      await onA.flush();
      const html = (await stored()).content.chapters[0].sections[0].content;
      expect(html).toBe('<p>B says: Original text 1 from A!</p><p>Saved through A</p>');
    });
  },
);
