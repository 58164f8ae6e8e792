/**
 * Workspace server benchmark: a textbook of 100 chapters x 20
 * sections (about 5 MB), server time for GET /api/textbooks/{id} and
 * PATCH /api/textbooks/{id} (p50/p95). Goal: PATCH p95 under 150 ms.
 *
 *   npm run bench:workspace-server     (BENCH_RUNS=40 BENCH_CHAPTERS=100 BENCH_SECTIONS=20)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5433/postgres npm run bench:workspace-server   (on PostgreSQL)
 *
 * The real app runs in its own process (server-bench-app.ts) on a PGlite
 * directory on disk (the default deployment), over a real HTTP listen. Each
 * PATCH changes one section, as an autosave does; the "stale" PATCHes start
 * from an older revision, so they pay for the 3-way merge. Like a client that saves often
 * (patchTextbook in client/features/textbook/textbook.api.ts offers it), each PATCH asks for
 * echo 'changes': the answer carries the content only when the server stored
 * something other than what was sent (merges always do). BENCH_ECHO=full
 * measures an old client, which gets the whole book back every time.
 *
 * Reported: the server's own time per request (arrival to last byte sent,
 * measured inside the server process) as wall-clock and as CPU time of that
 * process, plus the client-observed round trip. On a shared machine the
 * wall-clock figures swing with the load; CPU time is the steadier measure.
 */
import { performance } from 'node:perf_hooks';
import type { TextbookContent } from '@common/textbook';
import { percentile } from '../lib/percentile';
import { makeBenchBook } from './bench-book';
import { startServerBench } from './server-bench-process';

const runs = Number(process.env.BENCH_RUNS ?? 40);
const chapterCount = Number(process.env.BENCH_CHAPTERS ?? 100);
const sectionCount = Number(process.env.BENCH_SECTIONS ?? 20);
const echo = process.env.BENCH_ECHO === 'full' ? 'full' : 'changes';

function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const line = `${label.padEnd(34)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms   max ${sorted[sorted.length - 1].toFixed(1).padStart(7)} ms   (n=${sorted.length})`;
  console.log(line);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

// BENCH_CPU_PROF=dir writes a V8 CPU profile of the server process there.
const server = await startServerBench({
  execArgv: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
});
const { base, fromChild, child } = server;

interface Timing {
  method: string;
  status: number;
  wallMs: number;
  cpuMs: number;
}
async function serverTimings(): Promise<Timing[]> {
  const reply = fromChild<{ timings: Timing[] }>('timings');
  child.send({ type: 'timings' });
  return (await reply).timings;
}

try {
  const { owner, cookie } = await server.register('bench_workspace');
  const id = await server.createBook(owner, makeBenchBook({ chapters: chapterCount, sections: sectionCount }));
  const url = `${base}/api/textbooks/${id}`;
  const get = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = (await res.json()) as { content: TextbookContent; revision: number };
    if (res.status !== 200) throw new Error(`GET ${res.status}`);
    return { ms: performance.now() - t, body };
  };
  const patch = async (content: TextbookContent, baseRevision: number) => {
    const payload = JSON.stringify({ content, baseRevision, echo });
    const t = performance.now();
    const res = await fetch(url, { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: payload });
    const text = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`PATCH ${res.status}: ${text.slice(0, 200)}`);
    const body = JSON.parse(text) as { content?: TextbookContent; revision: number };
    // Without content in the answer, what was sent is what is stored.
    return { ms, body: { content: body.content ?? content, revision: body.revision }, bytes: payload.length };
  };

  const first = await get();
  const bytes = Buffer.byteLength(JSON.stringify(first.body.content));
  const sectionsTotal = first.body.content.chapters.reduce((n, c) => n + c.sections.length, 0);
  console.log(`database: ${process.env.BENCH_PG_URL ? 'PostgreSQL' : 'PGlite (on disk)'}; PATCH echo: ${echo}`);
  console.log(
    `textbook: ${first.body.content.chapters.length} chapters, ${sectionsTotal} sections, ${(bytes / 1024 / 1024).toFixed(2)} MB of content`,
  );

  // Warm up JIT, caches and the database's buffers.
  let current = first.body;
  for (let i = 0; i < 3; i++) {
    await get();
    const copy = structuredClone(current.content);
    copy.chapters[0].sections[0].content = `<p>warm-up ${i}</p>`;
    current = (await patch(copy, current.revision)).body;
  }

  await serverTimings(); // drop the warm-up's
  const getTimes: number[] = [];
  for (let i = 0; i < runs; i++) getTimes.push((await get()).ms);
  const getServer = await serverTimings();

  const patchTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const copy = structuredClone(current.content);
    const chapter = copy.chapters[(i * 7) % copy.chapters.length];
    chapter.sections[i % chapter.sections.length].content += `<p>Autosave edit ${i}: ${'typed text '.repeat(5)}</p>`;
    const res = await patch(copy, current.revision);
    patchTimes.push(res.ms);
    current = res.body;
  }
  const patchServer = await serverTimings();

  // Saves made from a copy a few revisions old: the server merges by section id.
  const staleTimes: number[] = [];
  const staleServer: Timing[] = [];
  for (let i = 0; i < Math.max(5, Math.floor(runs / 2)); i++) {
    const stale = structuredClone(current.content);
    const staleRevision = current.revision;
    const other = structuredClone(current.content);
    other.chapters[1].sections[i % sectionCount].content += `<p>Someone else ${i}</p>`;
    current = (await patch(other, current.revision)).body;
    stale.chapters[50 % stale.chapters.length].sections[i % sectionCount].content += `<p>Stale writer ${i}</p>`;
    await serverTimings(); // the other writer's save is not what this row measures
    const res = await patch(stale, staleRevision);
    staleTimes.push(res.ms);
    staleServer.push(...(await serverTimings()));
    current = res.body;
  }

  console.log('');
  console.log('server time (inside the server process):');
  summary(
    'GET   wall',
    getServer.map((t) => t.wallMs),
  );
  summary(
    'GET   cpu',
    getServer.map((t) => t.cpuMs),
  );
  const wall = summary(
    'PATCH wall (one section changed)',
    patchServer.map((t) => t.wallMs),
  );
  const cpu = summary(
    'PATCH cpu',
    patchServer.map((t) => t.cpuMs),
  );
  summary(
    'PATCH merge wall (older revision)',
    staleServer.map((t) => t.wallMs),
  );
  summary(
    'PATCH merge cpu',
    staleServer.map((t) => t.cpuMs),
  );
  console.log('');
  console.log('client round trip on localhost (adds sending/receiving 5 MB):');
  summary('GET', getTimes);
  summary('PATCH', patchTimes);
  summary('PATCH merge', staleTimes);
  console.log('');
  console.log(
    `goal: PATCH p95 < 150 ms -> server wall p95 ${wall.p95.toFixed(1)} ms (${wall.p95 < 150 ? 'met' : 'NOT met'}), server CPU p95 ${cpu.p95.toFixed(1)} ms (${cpu.p95 < 150 ? 'met' : 'NOT met'})`,
  );
} finally {
  server.stop();
}
