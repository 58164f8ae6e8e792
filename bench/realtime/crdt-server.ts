/**
 * One server instance of the CRDT benchmark (bench/realtime/crdt-run.ts), in its own process so the
 * clients' work does not share its event loop. With SEED=1 it also seeds through its own API: the
 * typists (accounts) and one textbook per document, each shared with its four typists. On PGlite
 * by default; DATABASE_URL and REDIS_URL make it one of several instances.
 * IPC: 'ready' (address, seed), 'memory' on request, 'stop'.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { createTextbook } from '@server/features/textbooks/textbooks.service';
import { addCollaborator, bookContent } from '@server/test/realtime/realtime.support';

const documents = Number(process.env.BENCH_DOCUMENTS ?? 50);
const typists = Number(process.env.BENCH_TYPISTS ?? 4);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-bench-crdt-'));
// The benchmark registers hundreds of typists from one address: the per-address limits are lifted for it.
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_FACTOR: process.env.RATE_LIMIT_FACTOR ?? '1000',
});
const database = await openDatabase(config);
const { app, deps } = await buildApp({ config, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

interface Seeded {
  id: number;
  username: string;
  cookie: string;
}

async function register(name: string): Promise<Seeded> {
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: { username: name, password: 'bench-password' } });
  if (res.statusCode !== 201) throw new Error(`register ${name}: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as { id: number; username: string }), cookie: String(res.headers['set-cookie']).split(';')[0] };
}

const seed: { books: Array<{ id: number; sectionId: string; typists: Seeded[] }> } = { books: [] };
if (process.env.SEED === '1') {
  const tag = Math.random().toString(36).slice(2, 7);
  for (let d = 0; d < documents; d++) {
    const people: Seeded[] = [];
    for (let t = 0; t < typists; t++) people.push(await register(`crdt_${tag}_${d}_${t}`));
    // A mid-sized section of real prose (about 600 bytes) to type into, and two more.
    const content = bookContent(3, `Benchmark Book ${d}`);
    for (const s of content.chapters[0].sections)
      s.content = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(10)}</p>`;
    const owner = people[0];
    const book = await createTextbook(database.db, { owner: { id: owner.id, username: owner.username }, topic: `Benchmark ${d}`, content });
    for (const p of people.slice(1)) await addCollaborator(app, owner, book.id, p);
    const stored = book.content.chapters[0].sections[0].id ?? '';
    seed.books.push({ id: book.id, sectionId: stored, typists: people });
  }
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, documents: deps.collab?.stats().documents ?? 0 };
}

// BENCH_PROFILE_DIR: a CPU profile of the typing phase only (seeding left out), for finding where the time goes.
const profileDir = process.env.BENCH_PROFILE_DIR;
const session = profileDir ? new Session() : null;
async function startProfile() {
  if (!session) return;
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
async function stopProfile() {
  if (!session || !profileDir) return;
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(path.join(profileDir, `typing-${process.pid}.cpuprofile`), JSON.stringify(profile));
}

// How late this process's event loop ran while the typists typed, and how much CPU it had: latency
// figures mean little when the machine cannot give the server the time it asks for.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let cpuStart = process.cpuUsage();
let wallStart = performance.now();

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'memory') process.send?.({ type: 'memory', memory: memory() });
  if (msg.type === 'load-start') {
    void startProfile();
    loopDelay.reset();
    loopDelay.enable();
    cpuStart = process.cpuUsage();
    wallStart = performance.now();
  }
  if (msg.type === 'load-stop') {
    void stopProfile();
    loopDelay.disable();
    const cpu = process.cpuUsage(cpuStart);
    const wallMs = performance.now() - wallStart;
    process.send?.({
      type: 'load',
      load: { loopDelayP99Ms: loopDelay.percentile(99) / 1e6, cpuShare: (cpu.user + cpu.system) / 1000 / wallMs },
    });
  }
  if (msg.type === 'stop') {
    void app.close().then(async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({ type: 'ready', address, seed, memory: memory() });
