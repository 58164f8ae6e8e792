import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Two more instances of the product for the browser tests of several servers: a fresh database
 * on the PostgreSQL of TEST_DATABASE_URL, a Debian redis-server of their own, and two server
 * processes sharing both (and a session secret), as behind a load balancer. Null when there is no
 * PostgreSQL or no redis-server on this machine.
 */
export interface Instances {
  urls: [string, string];
  stop(): Promise<void>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const redisServer = '/usr/bin/redis-server';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited: ${output.join('').slice(-2000)}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start: ${output.join('').slice(-2000)}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startInstances(): Promise<Instances | null> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl || !existsSync(redisServer)) return null;
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const database = `ts_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new URL(pgUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${database}`);
  await client.end();
  const databaseUrl = new URL(pgUrl);
  databaseUrl.pathname = `/${database}`;

  const stop = async () => {
    await Promise.all(children.map(stopChild));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.end();
  };
  try {
    const redisPort = await freePort();
    const redisOutput: string[] = [];
    const redis = spawn(redisServer, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(redis);
    redis.stdout?.on('data', (d) => redisOutput.push(String(d)));
    await waitFor(async () => redisOutput.join('').includes('Ready to accept connections'), 'redis-server', redis, redisOutput);

    const secret = randomBytes(24).toString('hex');
    const clientDir = process.env.E2E_CLIENT_DIR ?? path.join(root, 'dist/client');
    const urls: string[] = [];
    // One after the other: the first one migrates the new database.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-e2e-instance-'));
      dirs.push(dataDir);
      const output: string[] = [];
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          CLIENT_DIR: clientDir,
          DATABASE_URL: databaseUrl.toString(),
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          SESSION_SECRET: secret,
          AI_PROVIDER: 'offline',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      child.stdout?.on('data', (d) => output.push(String(d)));
      child.stderr?.on('data', (d) => output.push(String(d)));
      const url = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${url}/api/user`)).status === 401, `instance ${i + 1}`, child, output);
      urls.push(url);
    }
    return { urls: [urls[0], urls[1]], stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
