/**
 * The server side of the realtime benchmark, in its own process so the
 * clients' work does not share its event loop: the real app on a fresh PGlite
 * directory, seeded through its own API (owner, collaborators, one textbook).
 * Talks to run.ts over IPC: 'ready' with the seed, and memory on request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { createTextbook } from '@server/features/textbooks/textbooks.service';
import { addCollaborator, bookContent } from '@server/test/realtime/realtime.support';

const users = Number(process.env.BENCH_USERS ?? 20);
const sections = Number(process.env.BENCH_SECTIONS ?? 30);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-bench-realtime-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
const database = await openDatabase(config);
const { app } = await buildApp({ config, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const password = 'bench-password';
async function register(name: string) {
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: { username: name, password } });
  if (res.statusCode !== 201) throw new Error(`register ${name}: ${res.statusCode} ${res.body}`);
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  return { ...(res.json() as { id: number; username: string }), cookie };
}

const owner = await register('bench_owner');
// About 600 bytes a section: a mid-sized chapter of real prose.
const content = bookContent(sections, 'Benchmark Book');
for (const s of content.chapters[0].sections)
  s.content = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(10)}</p>`;
const book = await createTextbook(database.db, { owner: { id: owner.id, username: owner.username }, topic: 'Benchmark', content });
const collaborators = [];
for (let i = 0; i < users; i++) {
  const u = await register(`bench_user_${i}`);
  await addCollaborator(app, owner, book.id, u);
  collaborators.push(u);
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
}

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'memory') process.send?.({ type: 'memory', memory: memory() });
  if (msg.type === 'stop') {
    void app.close().then(async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({ type: 'ready', address, textbookId: book.id, owner, collaborators, memory: memory() });
