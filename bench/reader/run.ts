/**
 * The reader link under load: the real app on a fresh PGlite directory, a 100-chapter x 20-section
 * book (about 5 MB, bench/workspace/client-book.ts) with 20 stored images, one reader link. Prints
 * how long GET /api/shared/{token} takes one at a time (the first request at a revision also numbers the book and makes
 * its glossary and index, common/book-render/reader-prepared.ts; the time that takes is printed on its own) and when a class of 30 opens the link at once
 * (while a small request measures how the rest of the server fares), and the image path's times.
 * Run: npm run bench:reader
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { backgroundContext } from '@server/features/request-context';
import { uploadImage } from '@server/features/images/images.service';
import { makePng } from '@server/test/multipart.support';
import { createTextbook } from '@server/features/textbooks/textbooks.service';
import { prepareReader } from '@common/book-render/reader-prepared';
import type { SharedBook } from '@common/share';
import { makeBenchBook } from '../workspace/client-book';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-bench-reader-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
const database = await openDatabase(config);
const { app, deps } = await buildApp({ config, database });

// The server's own time per request, from its arrival to the last byte handed to the socket.
const serverTimes = new Map<string, number[]>();
const started = new WeakMap<object, number>();
app.addHook('onRequest', async (request) => {
  started.set(request, performance.now());
});
app.addHook('onResponse', async (request) => {
  const t = started.get(request);
  const route = request.routeOptions.url ?? request.url;
  if (t !== undefined) serverTimes.set(route, [...(serverTimes.get(route) ?? []), performance.now() - t]);
});
const takeServerTimes = (route: string) => {
  const times = serverTimes.get(route) ?? [];
  serverTimes.set(route, []);
  return times;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

try {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username: 'bench_owner', password: 'bench-password' },
  });
  const owner = { id: registered.json().id as number, username: 'bench_owner' };
  const cookie = String(registered.headers['set-cookie']).split(';')[0];

  const content = makeBenchBook(100, 20, 2500);
  const book = await createTextbook(database.db, {
    owner,
    topic: 'Benchmark',
    content: { title: 'Benchmark', chapters: [], references: [] },
  });
  for (let i = 0; i < 20; i++) {
    const image = await uploadImage(backgroundContext(deps, owner), book.id, {
      filename: `f${i}.png`,
      mimetype: 'image/png',
      data: makePng(200 + i, 120),
    });
    const section = content.chapters[i * 5].sections![0];
    section.content += `<img src="/api/images/${image.id}" alt="Figure ${i + 1}" />`;
  }
  const saved = await app.inject({ method: 'PATCH', url: `/api/textbooks/${book.id}`, payload: { content }, headers: { cookie } });
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.statusCode}`);
  const link = await app.inject({ method: 'POST', url: `/api/textbooks/${book.id}/share`, headers: { cookie } });
  const { token } = link.json() as { token: string };

  // One at a time (in process, no network): the server's own cost per reader.
  takeServerTimes('/api/shared/:token');
  const single: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/shared/${token}` });
    single.push(performance.now() - t);
    bytes = res.rawPayload.length;
    if (res.statusCode !== 200) throw new Error(`read failed: ${res.statusCode}`);
  }
  const singleServer = takeServerTimes('/api/shared/:token');
  const sharedBody = (await app.inject({ method: 'GET', url: `/api/shared/${token}` })).body;
  // The numbering, cross-references, glossary and index of the reader page: made once per revision in the server
  // (cached with the reader's JSON), no longer in every reader's browser on every visit.
  const sharedContent = (JSON.parse(sharedBody) as SharedBook).content;
  const prepareTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    prepareReader(sharedContent);
    prepareTimes.push(performance.now() - t);
  }
  const imageUrl = /\/api\/shared\/[A-Za-z0-9_-]+\/images\/\d+/.exec(sharedBody)?.[0];
  if (!imageUrl) throw new Error('no image in the shared book');
  const imageTimes: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await app.inject({ method: 'GET', url: imageUrl, remoteAddress: `198.51.100.${i}` });
    imageTimes.push(performance.now() - t);
  }

  // A class of 30 opens the link together over HTTP, while one other request a few times a second measures the rest of the server.
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const others: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`${base}/api/ready`).then((r) => r.text());
      others.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  takeServerTimes('/api/shared/:token');
  const t0 = performance.now();
  const classTimes = await Promise.all(
    Array.from({ length: 30 }, async () => {
      const t = performance.now();
      const res = await fetch(`${base}/api/shared/${token}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`read failed: ${res.status}`);
      return performance.now() - t;
    }),
  );
  const classTotal = performance.now() - t0;
  const classServer = takeServerTimes('/api/shared/:token');
  running = false;
  await probe;

  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} (figures on a busy machine are slower)`);
  console.log(`book: 100 chapters x 20 sections, ${(bytes / 1024 / 1024).toFixed(2)} MB as the reader receives it, 20 images`);
  console.log(
    `GET /api/shared/{token}, one at a time: median ${fmt(percentile(single, 50))}, p95 ${fmt(percentile(single, 95))} (in the server: median ${fmt(percentile(singleServer, 50))}, first ${fmt(singleServer[0])})`,
  );
  console.log(
    `reader page's numbering, cross-references, glossary and index: ${fmt(percentile(prepareTimes, 50))} per revision in the server (median of 5), once per revision instead of in each reader's browser on each visit`,
  );
  console.log(`GET /api/shared/{token}/images/{id}: median ${fmt(percentile(imageTimes, 50))}, p95 ${fmt(percentile(imageTimes, 95))}`);
  console.log(
    `30 readers at once over HTTP (the readers in this process too): all served in ${fmt(classTotal)} (each: median ${fmt(percentile(classTimes, 50))}, max ${fmt(Math.max(...classTimes))}; in the server: median ${fmt(percentile(classServer, 50))})`,
  );
  console.log(
    `meanwhile GET /api/ready (${others.length} requests): median ${fmt(percentile(others, 50))}, max ${fmt(Math.max(...others))}`,
  );
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
