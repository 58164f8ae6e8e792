import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '../db/client';
import { createTextbook } from '../features/textbooks/textbooks.service';
import { bookContent } from './realtime-fixtures';
import { TestSocket } from './ws-test-client';

/**
 * Two real server processes on one
 * PostgreSQL act as one. Runs in CI's PostgreSQL pass (TEST_DATABASE_URL);
 * on PGlite there is only ever one instance, so there is nothing to test.
 */
const templateUrl = inject('pgTemplateUrl');
const skipReason = 'needs a real PostgreSQL: set TEST_DATABASE_URL (scripts/start-postgres.sh prints one)';

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

interface Instance {
  url: string;
  child: ChildProcess;
  output: string[];
}

async function startInstance(databaseUrl: string, secret: string): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'offline',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  child.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${output.join('')}`);
    try {
      const res = await fetch(`${url}/api/user`);
      if (res.status === 401) return { url, child, output };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`instance did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function register(base: string, stem: string) {
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

describe.skipIf(!templateUrl)(`two app instances on one PostgreSQL (${templateUrl ? 'running' : skipReason})`, () => {
  const name = `ts_multi_${randomBytes(4).toString('hex')}`;
  let adminUrl = '';
  let dbUrl = '';
  let database: Database;
  const instances: Instance[] = [];

  beforeAll(async () => {
    const admin = new URL(templateUrl);
    admin.pathname = '/postgres';
    adminUrl = admin.toString();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(templateUrl).pathname.slice(1)}`);
    await c.end();
    const u = new URL(templateUrl);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    database = await openPostgres(dbUrl);
    const secret = randomBytes(24).toString('base64url');
    instances.push(...(await Promise.all([startInstance(dbUrl, secret), startInstance(dbUrl, secret)])));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(
        (i) =>
          new Promise<void>((resolve) => {
            if (i.child.exitCode !== null) return resolve();
            i.child.once('exit', () => resolve());
            i.child.kill('SIGTERM');
          }),
      ),
    );
    await database?.close();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }, 30_000);

  it('delivers a save made through instance A to a socket on instance B', async () => {
    const [a, b] = instances;
    const alice = await register(a.url, 'alice');
    const bob = await register(b.url, 'bob');
    const book = await createTextbook(database.db, {
      owner: { id: alice.id, username: alice.username },
      topic: 'Shared',
      content: bookContent(2),
    });
    const add = await fetch(`${a.url}/api/textbooks/${book.id}/collaborators`, {
      method: 'POST',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ collaboratorId: bob.id }),
    });
    expect(add.status).toBeLessThan(300);

    // Presence crosses instances too: alice on A and bob on B see each other, as on one server.
    const aliceSocket = await TestSocket.open(a.url, { cookie: alice.cookie });
    aliceSocket.join(book.id);
    await aliceSocket.waitFor((m) => m.type === 'collaborators');
    const socket = await TestSocket.open(b.url, { cookie: bob.cookie });
    socket.join(book.id);
    const list = await socket.waitFor((m) => m.type === 'collaborators');
    expect(list.collaborators?.map((u) => u.userId).sort()).toEqual([alice.id, bob.id].sort());
    expect(await aliceSocket.waitFor((m) => m.type === 'join', 10_000, 'join from instance B')).toMatchObject({
      userId: bob.id,
      username: bob.username,
    });

    const current = (await (await fetch(`${a.url}/api/textbooks/${book.id}`, { headers: { cookie: alice.cookie } })).json()) as {
      revision: number;
      content: { chapters: Array<{ sections: Array<{ id: string; content: string }> }> };
    };
    current.content.chapters[0].sections[0].content = '<p>Saved through instance A</p>';
    const save = await fetch(`${a.url}/api/textbooks/${book.id}`, {
      method: 'PATCH',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: current.content, baseRevision: current.revision }),
    });
    expect(save.status).toBe(200);

    const edit = await socket.waitFor((m) => m.type === 'edit', 10_000, 'edit from instance A');
    expect(edit).toMatchObject({ textbookId: book.id, userId: alice.id, username: alice.username, revision: current.revision + 1 });
    expect((edit.content as typeof current.content).chapters[0].sections[0].content).toBe('<p>Saved through instance A</p>');
    expect(aliceSocket.messages.some((m) => m.type === 'edit')).toBe(false);
    await socket.close();
    expect(await aliceSocket.waitFor((m) => m.type === 'leave', 10_000, 'leave from instance B')).toMatchObject({ userId: bob.id });
    await aliceSocket.close();
  });
});
