/**
 * bench:memory - resident memory (RSS) of the real server (server/main.ts in its own process, on
 * a fresh PGlite data folder, offline engine) and of all its processes together (the server and
 * the extraction processes it forks), at idle after start and after each step a user takes:
 * registering, making one book from a ~150-page PDF through the HTTP API, and exporting it as PDF
 * and Word. Memory is sampled every 50 ms, so each step also gets its peak; the server's own peak
 * is the kernel's high-water mark (VmHWM). Goal: idle under 400 MB, the whole run under 1 GB for
 * all processes together.
 *
 * The ~150-page PDF is made here from the real course PDFs (../shared/corpus/real, read in place,
 * never copied into the project) and the repository's PDF fixtures, their pages joined in one file
 * with pdf-lib; without the corpus the run says so and uses the fixtures alone.
 *
 *   npm run bench:memory        (BENCH_IDLE_MS=5000: how long the idle server is left before measuring;
 *                                BENCH_SETTLE_MS=130000: the last wait, past the idle limits of workers
 *                                (a minute) and extraction processes (two); 0 leaves it out;
 *                                BENCH_SMAPS=1: the server's largest memory mappings at each step;
 *                                BENCH_TRACE=1: every process's memory every 250 ms)
 *
 * Each step's peak is also shown by process kind and, inside the server, by thread: the server
 * writes a census of its threads' heaps (server/core/memory-census.ts) to MEMORY_CENSUS_FILE.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { processTree } from '../child-processes';
import { requestServerBackup } from '@server/db/backup';
import type { MemoryCensus } from '@server/core/memory-census';
import { smallRequestLoop, startApp } from '../lib/app-process';
import { percentile } from '../lib/percentile';

const idleMs = Number(process.env.BENCH_IDLE_MS ?? 5000);
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 130_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const corpus = path.resolve(process.cwd(), '../shared/corpus/real');
const corpusFallback = '/work/shared/corpus/real';
const corpusDir = existsSync(corpus) ? corpus : existsSync(corpusFallback) ? corpusFallback : undefined;

async function bookPdf(): Promise<{ bytes: Uint8Array; pages: number; from: string[] }> {
  const files = [
    ...(corpusDir
      ? ['hwsec_embedded_security_lecture_notes.pdf', 'mml-chapter05.pdf', 'econ103_classical_probability_handout.pdf'].map((f) =>
          path.join(corpusDir, f),
        )
      : []),
    'test-fixtures/pdf/TAMReview.pdf',
    'test-fixtures/pdf/tracemonkey.pdf',
    'test-fixtures/pdf/latex/logic-notes.pdf',
    'test-fixtures/pdf/latex/course-chapter.pdf',
  ].filter((f) => existsSync(f));
  const out = await PDFDocument.create();
  for (const file of files) {
    const doc = await PDFDocument.load(readFileSync(file), { ignoreEncryption: true });
    for (const page of await out.copyPages(doc, doc.getPageIndices())) out.addPage(page);
  }
  return { bytes: await out.save(), pages: out.getPageCount(), from: files.map((f) => path.basename(f)) };
}

/** What a process is, from its command line: the server, an extraction process, tsx's esbuild service. */
function processKind(pid: number, rootPid: number): string {
  if (pid === rootPid) return 'server';
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    if (cmd.includes('extract-process')) return 'extraction process';
    if (cmd.includes('esbuild')) return 'esbuild (tsx)';
    return path.basename(cmd.split(' ')[0] ?? 'other');
  } catch {
    return 'other';
  }
}

/**
 * The server's threads as its memory census (server/core/memory-census.ts) wrote them between two
 * times: each kind of thread's largest heap (the sum over the threads of that kind alive at once),
 * the main thread's heap, buffers outside the heaps, and what none of these explain (native code,
 * PGlite's WebAssembly memory, allocator slack).
 */
function censusPeaks(file: string, from: number, to: number): string {
  if (!existsSync(file)) return '';
  const peaks = new Map<string, number>();
  const bump = (k: string, v: number) => peaks.set(k, Math.max(peaks.get(k) ?? 0, v));
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const c = JSON.parse(line) as MemoryCensus;
    if (c.at < from || c.at > to) continue;
    bump('main heap', c.main.heap);
    bump('main external', c.main.external);
    bump('buffers', c.arrayBuffers);
    const byKind = new Map<string, number>();
    for (const w of c.workers) byKind.set(w.kind, (byKind.get(w.kind) ?? 0) + w.heap + w.external);
    for (const [k, v] of byKind) bump(`${k.replace(/\.ts$/, '')} (${c.workers.filter((w) => w.kind === k).length})`, v);
    const heaps = c.main.heap + c.main.external + c.workers.reduce((n, w) => n + w.heap + w.external, 0);
    bump('rest of rss', c.rss - heaps);
  }
  return [...peaks].map(([k, v]) => `${k} ${mb(v)}`).join(', ');
}

/** The server's largest memory mappings by resident size (BENCH_SMAPS=1): where the rest of its memory is. */
function topMappings(pid: number): string {
  const maps: Array<{ name: string; size: number; rss: number }> = [];
  let cur: { name: string; size: number; rss: number } | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      cur = { name: head[3] || '[anon]', size: parseInt(head[2], 16) - parseInt(head[1], 16), rss: 0 };
      maps.push(cur);
    } else if (cur && line.startsWith('Rss:')) cur.rss = Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024;
  }
  const byName = new Map<string, number>();
  for (const m of maps) {
    const key =
      m.name === '[anon]'
        ? `[anon ${m.size >= 1024 ** 3 ? '>=1G' : m.size >= 64 * 1024 ** 2 ? '64M-1G' : m.size >= 1024 ** 2 ? '1M-64M' : '<1M'}]`
        : path.basename(m.name);
    byName.set(key, (byName.get(key) ?? 0) + m.rss);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, v]) => `${k} ${mb(v)}`)
    .join(', ');
}

/** Samples the process tree every 50 ms; `mark` closes a step with its peak and its figures at the end. */
function sampler(rootPid: number, cpuMs: () => number | undefined) {
  let stepStart = Date.now();
  let stepCpu = cpuMs() ?? 0;
  // What the processes held at the step's peak, kind by kind.
  let peakMix = '';
  let peakAt = 0;
  let ticks = 0;
  const kindPeaks = new Map<string, number>();
  const perProcess: Array<{ step: string; peaks: string; threads: string }> = [];
  let peakServer = 0;
  let peakAll = 0;
  let peakProcesses = 0;
  const sample = () => {
    const tree = processTree(rootPid);
    const server = tree[0]?.rssBytes ?? 0;
    const all = tree.reduce((n, p) => n + p.rssBytes, 0);
    const byKind = new Map<string, number>();
    for (const p of tree) {
      const k = processKind(p.pid, rootPid);
      byKind.set(k, (byKind.get(k) ?? 0) + p.rssBytes);
    }
    for (const [k, v] of byKind) kindPeaks.set(k, Math.max(kindPeaks.get(k) ?? 0, v));
    if (process.env.BENCH_TRACE && ++ticks % 5 === 0) console.log(Date.now(), [...byKind].map(([k, v]) => `${k} ${mb(v)}`).join(' + '));
    if (all >= peakAll) {
      peakMix = [...byKind].map(([k, v]) => `${k} ${mb(v)}`).join(' + ');
      peakAt = Date.now();
    }
    peakServer = Math.max(peakServer, server);
    peakAll = Math.max(peakAll, all);
    peakProcesses = Math.max(peakProcesses, tree.length);
    return { server, all, processes: tree.length };
  };
  const timer = setInterval(sample, 50);
  const rows: Array<Record<string, string | number>> = [];
  let runPeakServer = 0;
  let runPeakAll = 0;
  return {
    mark(step: string, note = '') {
      const now = sample();
      // The server's CPU time in the step (all its threads; the extraction processes' own aside): load inflates wall-clock times, not this.
      const cpu = cpuMs() ?? 0;
      runPeakServer = Math.max(runPeakServer, peakServer);
      runPeakAll = Math.max(runPeakAll, peakAll);
      rows.push({
        step,
        'server after': mb(now.server),
        'all processes after': mb(now.all),
        'server peak': mb(peakServer),
        'all processes peak': mb(peakAll),
        'processes (peak)': `${now.processes} (${peakProcesses})`,
        'server cpu': `${((cpu - stepCpu) / 1000).toFixed(1)} s`,
        note,
      });
      if (process.env.BENCH_SMAPS) console.log(step, topMappings(rootPid));
      perProcess.push({
        step,
        peaks: `${[...kindPeaks].map(([k, v]) => `${k} ${mb(v)}`).join(', ')}; at the step's peak: ${peakMix}`,
        threads: `${censusPeaks(censusFile, stepStart, Date.now())}\n    at the peak: ${censusPeaks(censusFile, peakAt - 150, peakAt + 150)}`,
      });
      kindPeaks.clear();
      stepStart = Date.now();
      stepCpu = cpu;
      peakServer = now.server;
      peakAll = now.all;
      peakProcesses = now.processes;
    },
    stop() {
      clearInterval(timer);
      return { rows, perProcess, runPeakServer, runPeakAll };
    },
  };
}

function highWaterMark(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

if (!existsSync('/proc/self/status')) {
  console.log('bench:memory reads /proc (Linux only): nothing to measure here.');
  process.exit(0);
}
if (!corpusDir) console.log('The real course PDFs (../shared/corpus/real) are absent: the book is made from the fixtures alone.');
const pdf = await bookPdf();
console.log(`book material: one PDF of ${pdf.pages} pages (${mb(pdf.bytes.length)}) joined from ${pdf.from.join(', ')}`);

const censusFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'ts-bench-census-')), 'census.jsonl');
const t0 = performance.now();
const app = await startApp({ LOG_LEVEL: 'warn', MEMORY_CENSUS_FILE: censusFile }, { register: false });
const startMs = performance.now() - t0;
const s = sampler(app.pid, () => app.cpuMs());
let failed = false;
try {
  await new Promise((r) => setTimeout(r, idleMs));
  s.mark('idle after start', `ready in ${(startMs / 1000).toFixed(1)} s, then ${idleMs / 1000} s idle`);

  await app.register();
  await fetch(`${app.url}/api/user`, { headers: { cookie: app.cookie } }).then((r) => r.arrayBuffer());
  s.mark('registered');

  const jobId = randomUUID();
  const form = new FormData();
  form.append('topic', 'Embedded security and vector calculus');
  form.append('jobId', jobId);
  form.append('files', new Blob([Buffer.from(pdf.bytes)], { type: 'application/pdf' }), 'course-reader.pdf');
  const g0 = performance.now();
  const res = await fetch(`${app.url}/api/textbooks/generate-outline`, { method: 'POST', body: form, headers: { cookie: app.cookie } });
  const body = (await res.json()) as { textbookId?: number; textbookContent?: { chapters: unknown[] }; message?: string };
  if (!res.ok || !body.textbookId) throw new Error(`generate-outline: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  const id = body.textbookId;
  s.mark('book made', `${body.textbookContent?.chapters.length ?? 0} chapters in ${((performance.now() - g0) / 1000).toFixed(0)} s`);

  for (const format of ['pdf', 'docx']) {
    const e0 = performance.now();
    const file = await fetch(`${app.url}/api/textbooks/${id}/export?format=${format}`, { headers: { cookie: app.cookie } });
    const bytes = (await file.arrayBuffer()).byteLength;
    if (!file.ok) throw new Error(`export ${format}: ${file.status}`);
    s.mark(`exported ${format}`, `${mb(bytes)} in ${((performance.now() - e0) / 1000).toFixed(1)} s`);
  }
  // A backup of this database as `npm run backup` asks the running server for one, while a small
  // request is sent again and again: its worst latency is how long the server froze.
  const loop = smallRequestLoop(app, '/api/user', 5);
  await new Promise((r) => setTimeout(r, 1000));
  const b0 = performance.now();
  const backupBytes = await requestServerBackup(app.dataDir, app.pid, path.join(app.dataDir, 'bench-backup.tar.gz'));
  const backupMs = performance.now() - b0;
  await new Promise((r) => setTimeout(r, 500));
  const latencies = await loop.stop();
  s.mark(
    'backup',
    `${mb(backupBytes)} in ${(backupMs / 1000).toFixed(1)} s; GET /api/user meanwhile p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
  );
  await new Promise((r) => setTimeout(r, idleMs));
  s.mark('idle after', `${idleMs / 1000} s later`);
  // Idle workers and extraction processes end after a minute or two unused.
  if (settleMs > 0) {
    await new Promise((r) => setTimeout(r, settleMs));
    s.mark('idle, settled', `${settleMs / 1000} s later`);
  }
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  const serverHwm = highWaterMark(app.pid);
  const { rows, perProcess, runPeakAll } = s.stop();
  await app.stop();
  console.table(rows);
  console.log('Peaks of each step by process (all processes of a kind together) and, inside the server, by thread:');
  for (const p of perProcess) console.log(`- ${p.step}: ${p.peaks}\n    threads: ${p.threads}`);
  const idle = rows[0];
  console.log(`server peak (VmHWM): ${mb(serverHwm)}; all processes peak (sampled every 50 ms): ${mb(runPeakAll)}`);
  if (idle) {
    const idleMb = Number(String(idle['all processes after']).replace(' MB', ''));
    console.log(`goal idle < 400 MB (all processes): ${idleMb < 400 ? 'met' : 'NOT met'} (${idleMb} MB)`);
  }
  if (!failed) console.log(`goal book made and exported < 1 GB for all processes: ${runPeakAll < 1024 ** 3 ? 'met' : 'NOT met'}`);
  if (failed) process.exitCode = 1;
}
