/**
 * API benchmark: GET /api/textbooks/{id} (signed in, a book of BENCH_CHAPTERS x BENCH_SECTIONS)
 * against the same server's static page (GET /, the built index.html), one run each under the
 * same load (autocannon, BENCH_CONNECTIONS connections for BENCH_SECONDS seconds, each request
 * with a browser's Accept-Encoding), bytes per answer as sent. Goal: the
 * textbook at least half the static page's requests per second, with no errors.
 *
 * A second figure, for what the first cannot tell apart: the load generator runs on the same
 * cores and reads every answer, and the book's answer is some 30 times the page's bytes. So the
 * same server also serves a static file of exactly the book's size as sent (a file in a copy of
 * the client folder, by @fastify/static), and the book is compared with it too; the load
 * generator's own CPU per request is printed for each target.
 *
 *   npm run bench:api        (BENCH_CHAPTERS=12 BENCH_SECTIONS=6 BENCH_CONNECTIONS=10 BENCH_SECONDS=10)
 *
 * The server runs in its own process (server.ts) on PGlite on disk; without a built client
 * (dist/client) one is built into a temporary folder first.
 */
import { execFileSync, fork } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { TextbookContent } from '@common/textbook';

const chapters = Number(process.env.BENCH_CHAPTERS ?? 12);
const sections = Number(process.env.BENCH_SECTIONS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function clientDir(): string {
  const built = path.join(root, 'dist/client');
  if (existsSync(path.join(built, 'index.html'))) return built;
  const out = mkdtempSync(path.join(tmpdir(), 'ts-bench-client-'));
  console.log('building the client (dist/client is missing)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out], {
    cwd: root,
    stdio: 'ignore',
  });
  return out;
}

const vocabulary = (
  'motion force energy momentum velocity acceleration mass friction gravity orbit field charge current circuit wave ' +
  'frequency amplitude pressure volume temperature entropy heat work power torque inertia equilibrium vector scalar ' +
  'the a of and to in is that for with as by on this which from be are was an it can these their model system ' +
  'students observe measure predict explain compare analyse describe derive apply evaluate experiment data result'
).split(' ');
let seed = 7;
/** Text that compresses as prose does (a fixed pseudo-random sequence, so every run sends the same book). */
function paragraph(words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.push(vocabulary[seed % vocabulary.length]);
  }
  return `<p>${out.join(' ')}.</p>`;
}

function book(): TextbookContent {
  return {
    title: 'Benchmark Physics',
    references: [],
    chapters: Array.from({ length: chapters }, (_, c) => ({
      title: `Chapter ${c + 1}`,
      content: paragraph(60),
      sections: Array.from({ length: sections }, (_, s) => ({
        title: `Section ${c + 1}.${s + 1}`,
        content: paragraph(180) + paragraph(180),
      })),
    })),
  };
}

/** What a browser sends with every request. */
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };

/** CPU time (ms) a process has used so far, from Linux's /proc (0 where there is none). */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

interface Figures {
  requestsPerSecond: number;
  /** This process's CPU (the load generator's) per answered request, in microseconds. */
  clientCpuUs: number;
  /** The server process's CPU per answered request, in microseconds. */
  serverCpuUs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerRequest: number;
}

async function load(serverPid: number, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const cpuBefore = cpuMsOf(serverPid);
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpuMs = cpuMsOf(serverPid) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  return {
    requestsPerSecond: result.requests.average,
    clientCpuUs: result.requests.total ? (client.user + client.system) / result.requests.total : 0,
    serverCpuUs: result.requests.total ? (cpuMs * 1000) / result.requests.total : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

/** The answer's body as sent (compressed as the server chose), without decoding it. */
function bytesAsSent(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => resolve(n));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The static file of the book's size: a copy of the client folder holds it, the built one is left alone. */
const sameSizeName = 'bench-same-size.bin';

async function main() {
  const served = mkdtempSync(path.join(tmpdir(), 'ts-bench-api-client-'));
  cpSync(clientDir(), served, { recursive: true });
  // Present at start (@fastify/static makes a route per file then); its bytes are written once the book's size is known.
  writeFileSync(path.join(served, sameSizeName), 'x');
  const server = fork(path.join(here, 'server.ts'), [], {
    // BENCH_PROFILE=dir writes the server's CPU profile there (node --cpu-prof).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    env: { ...process.env, CLIENT_DIR: served },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string } & T) => {
        if (m.type !== type) return;
        server.off('message', on);
        resolve(m);
      };
      server.on('message', on);
    });
  const { address } = await next<{ address: string }>('ready');
  const reg = await fetch(`${address}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench_reader', password: 'bench-password' }),
  });
  const owner = (await reg.json()) as { id: number; username: string };
  const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];
  server.send({ type: 'create', content: book(), owner });
  const { id } = await next<{ id: number }>('created');
  // Warm both paths once, as a running server is (the textbook's answer is then ready, gzipped).
  await fetch(`${address}/`);
  for (let i = 0; i < 3; i++) {
    await fetch(`${address}/api/textbooks/${id}`, { headers: { cookie } });
    await new Promise((r) => setTimeout(r, 200));
  }

  const pid = server.pid ?? 0;
  const page = await load(pid, `${address}/`, browserHeaders);
  const textbook = await load(pid, `${address}/api/textbooks/${id}`, { ...browserHeaders, cookie });
  // Measured after the run, as the run's answers were sent (compressed by then).
  const sentBytes = await bytesAsSent(`${address}/api/textbooks/${id}`, { ...browserHeaders, cookie });
  // Random bytes: nothing to compress, and the static plugin sends them as they are.
  writeFileSync(path.join(served, sameSizeName), randomBytes(sentBytes));
  await fetch(`${address}/${sameSizeName}`).then((r) => r.arrayBuffer());
  const sameSize = await load(pid, `${address}/${sameSizeName}`, browserHeaders);
  server.send({ type: 'stop' });
  rmSync(served, { recursive: true, force: true });

  const ratio = textbook.requestsPerSecond / page.requestsPerSecond;
  console.log(
    `\napi benchmark: ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} (other work on the machine slows these figures); ` +
      `${connections} connections for ${seconds} s per target`,
  );
  console.log(
    'target | requests/s | p50 ms | p99 ms | bytes per answer (as sent) | errors | non-2xx | server CPU per request (us) | requests/s one server core could answer | load generator CPU per request (us)',
  );
  for (const [name, f] of [
    ['GET / (static page)', page],
    [`GET /api/textbooks/${id} (${chapters} x ${sections} book)`, textbook],
    [`GET /${sameSizeName} (static file, the book's size as sent)`, sameSize],
  ] as const) {
    console.log(
      [
        name,
        f.requestsPerSecond.toFixed(0),
        f.p50,
        f.p99,
        f.bytesPerRequest.toFixed(0),
        f.errors,
        f.non2xx,
        f.serverCpuUs ? f.serverCpuUs.toFixed(0) : 'n/a',
        f.serverCpuUs ? (1e6 / f.serverCpuUs).toFixed(0) : 'n/a',
        f.clientCpuUs.toFixed(0),
      ].join(' | '),
    );
  }
  const clean = textbook.errors + textbook.non2xx + page.errors + page.non2xx + sameSize.errors + sameSize.non2xx === 0;
  console.log(
    `textbook / static page, requests/s: ${ratio.toFixed(2)}x (goal >= 0.5x with no errors: ${ratio >= 0.5 && clean ? 'met' : 'NOT met'})`,
  );
  if (page.serverCpuUs && textbook.serverCpuUs) {
    const capacity = page.serverCpuUs / textbook.serverCpuUs;
    console.log(
      `textbook / static page, server CPU capacity: ${capacity.toFixed(2)}x. The load generator shares the machine: ` +
        'it reads every answer, so a larger answer lowers the measured rate even while the server idles.',
    );
  }
  const fair = textbook.requestsPerSecond / sameSize.requestsPerSecond;
  console.log(
    `textbook / static file of the same size (${(sameSize.bytesPerRequest / 1024).toFixed(0)} KB as sent), requests/s: ${fair.toFixed(2)}x ` +
      `(the same bytes for the load generator to read; goal >= 0.5x: ${fair >= 0.5 && clean ? 'met' : 'NOT met'})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
