/**
 * The server side of the workspace benchmark, in its own process so the
 * client's JSON work does not share its event loop or its CPU clock: the real
 * app on a fresh PGlite directory. For every request it records the server's
 * own time, from the request's arrival (onRequest) to the last byte handed to
 * the socket (onResponse), as wall-clock and as this process's CPU time
 * (with PostgreSQL the database's own CPU is in another process, so only wall counts).
 * Talks to server-bench.ts over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { TextbookContent } from '@common/textbook';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { createTextbook } from '@server/features/textbooks/textbooks.service';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-bench-workspace-'));
// BENCH_PG_URL=postgres://... runs on a fresh database in that PostgreSQL cluster instead of PGlite.
const pgUrl = process.env.BENCH_PG_URL;
const pgName = `ts_bench_workspace_${process.pid}`;
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}
let databaseUrl = '';
if (pgUrl) {
  await admin(`CREATE DATABASE ${pgName}`);
  const url = new URL(pgUrl);
  url.pathname = `/${pgName}`;
  databaseUrl = url.toString();
}
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
const database = await openDatabase(config);
const { app } = await buildApp({ config, database });

interface Timing {
  method: string;
  status: number;
  wallMs: number;
  cpuMs: number;
}
const timings: Timing[] = [];
const started = new WeakMap<object, { t: number; cpu: NodeJS.CpuUsage }>();
app.addHook('onRequest', async (request) => {
  started.set(request, { t: performance.now(), cpu: process.cpuUsage() });
});
app.addHook('onResponse', async (request, reply) => {
  const s = started.get(request);
  if (!s) return;
  const cpu = process.cpuUsage(s.cpu);
  timings.push({
    method: request.method,
    status: reply.statusCode,
    wallMs: performance.now() - s.t,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', async (msg: { type: string; content?: TextbookContent; owner?: { id: number; username: string } }) => {
  if (msg.type === 'create' && msg.content && msg.owner) {
    const book = await createTextbook(database.db, { owner: msg.owner, topic: 'Benchmark Physics', content: msg.content });
    process.send?.({ type: 'created', id: book.id });
  }
  if (msg.type === 'timings') {
    process.send?.({ type: 'timings', timings: timings.splice(0) });
  }
  if (msg.type === 'stop') {
    await app.close();
    await database.close();
    if (pgUrl) await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send?.({ type: 'ready', address });
