import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { offlineServerEnv } from './server-env.support';

/**
 * Real server processes on a real PostgreSQL, for the tests of several instances (CI's PostgreSQL
 * pass). Each instance is `server/main.ts` as an operator runs it.
 */
export const needsPostgres = 'needs a real PostgreSQL: set TEST_DATABASE_URL (scripts/start-postgres.sh prints one)';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new database on the template's cluster: a copy of the migrated template, or empty. */
export async function createDatabase(templateUrl: string, opts: { empty?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ts_inst_${randomBytes(5).toString('hex')}`;
  const adminUrl = withDatabase(templateUrl, 'postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = new URL(templateUrl).pathname.slice(1);
  await admin.query(opts.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    url: withDatabase(templateUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface Instance {
  url: string;
  child: ChildProcess;
  output: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** Starts one app instance and waits until it answers (an API route: the app is fully up). */
export async function startInstance(databaseUrl: string, secret: string, env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: offlineServerEnv(port, dataDir, { DATABASE_URL: databaseUrl, SESSION_SECRET: secret, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${output.join('')}`);
    try {
      const res = await fetch(`${url}/api/user`);
      if (res.status === 401) return { url, child, output, exited };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`instance did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM, and waits for the exit (the instance's own shutdown limit bounds it). */
export async function stopInstance(instance: Instance): Promise<number | null> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGTERM');
  return instance.exited;
}

/** Debian's redis-server, for the tests of live documents across instances (absent: those tests skip). */
export const redisServerPath = '/usr/bin/redis-server';
export const hasRedisServer = () => existsSync(redisServerPath);

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts a throwaway redis-server (no persistence) on a free loopback port, or on `onPort` to restart one, and waits until it accepts connections. */
export async function startRedis(onPort?: number): Promise<RedisServer> {
  const port = onPort ?? (await freePort());
  const child = spawn(redisServerPath, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 45_000;
  while (!output.join('').includes('Ready to accept connections')) {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${output.join('')}`);
    if (Date.now() > deadline) throw new Error(`redis-server did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function registerUser(base: string, stem: string): Promise<{ id: number; username: string; cookie: string }> {
  const username = `${stem}_${randomBytes(3).toString('hex')}`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'correct-horse' }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  return { ...((await res.json()) as { id: number; username: string }), cookie };
}

/** Polls until `check` holds (each try bounded), or throws after `timeoutMs` with the last state. */
export async function eventually<T>(what: string, timeoutMs: number, probe: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await probe();
      if (check(last)) return last;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(last) ?? String(lastError)})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
