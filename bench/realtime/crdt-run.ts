/**
 * CRDT benchmark: DOCUMENTS live documents, TYPISTS people typing into the same paragraph of
 * each at RATE keystrokes a second for SECONDS seconds (50 x 4 at 5/s for 30 s by default), each
 * keystroke with its caret move, as the editor sends them. Prints keystroke-to-other-screen
 * latency (from the typist's insert to the update applied in each other typist's document) and
 * the server's memory per open document; then the same across two instances on PostgreSQL with
 * Debian's redis-server between them, when TEST_DATABASE_URL (or BENCH_DATABASE_URL) is set.
 * Goals: p99 under 100 ms on one instance, under 150 ms across two.
 *
 *   npm run bench:realtime     (BENCH_DOCUMENTS, BENCH_TYPISTS, BENCH_RATE, BENCH_SECONDS)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as Y from 'yjs';
import { openLiveClient, type LiveClient } from '@server/test/realtime/live-client.support';
import { createDatabase, hasRedisServer, startRedis } from '@server/test/instances.support';
import { percentile } from '../lib/percentile';

const documents = Number(process.env.BENCH_DOCUMENTS ?? 50);
const typists = Number(process.env.BENCH_TYPISTS ?? 4);
const rate = Number(process.env.BENCH_RATE ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const here = path.dirname(fileURLToPath(import.meta.url));

interface Seeded {
  id: number;
  username: string;
  cookie: string;
}
interface Ready {
  address: string;
  seed: { books: Array<{ id: number; sectionId: string; typists: Seeded[] }> };
  memory: Memory;
}
interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  documents: number;
}

const fmt = (n: number) => n.toFixed(1);

class Instance {
  readonly child: ChildProcess;
  constructor(env: Record<string, string>) {
    this.child = fork(path.join(here, 'crdt-server.ts'), [], {
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []),
      ],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }
  next<T>(type: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: { type: string } & T) => {
        if (m.type !== type) return;
        this.child.off('message', onMessage);
        resolve(m);
      };
      this.child.on('message', onMessage);
      this.child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
  }
  async memory(): Promise<Memory> {
    const reply = this.next<{ memory: Memory }>('memory');
    this.child.send({ type: 'memory' });
    return (await reply).memory;
  }
  startLoad(): void {
    this.child.send({ type: 'load-start' });
  }
  async stopLoad(): Promise<{ loopDelayP99Ms: number; cpuShare: number }> {
    const reply = this.next<{ load: { loopDelayP99Ms: number; cpuShare: number } }>('load');
    this.child.send({ type: 'load-stop' });
    return (await reply).load;
  }
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const gone = new Promise((r) => this.child.once('exit', r));
    this.child.send({ type: 'stop' });
    await gone;
  }
}

interface Result {
  sameInstance: number[];
  crossInstance: number[];
  keystrokes: number;
  deliveries: number;
  expected: number;
  converged: number;
  memoryPerDocument: number;
  rssPerDocument: number;
  load: Array<{ loopDelayP99Ms: number; cpuShare: number }>;
}

/** Opens every typist, types for `seconds`, and measures each keystroke's arrival in every other typist's document. */
async function run(instances: Instance[], ready: Ready[]): Promise<Result> {
  const before = await Promise.all(instances.map((i) => i.memory()));
  const books = ready[0].seed.books;
  const sentAt = new Map<string, number>();
  const instanceOf = new Map<number, number>();
  const same: number[] = [];
  const cross: number[] = [];
  let deliveries = 0;
  const typing: Array<{ client: LiveClient; sectionId: string; instance: number }> = [];

  // Page loads a batch at a time.
  for (let b = 0; b < books.length; b += 10) {
    const batch = books.slice(b, b + 10);
    const opened = await Promise.all(
      batch.flatMap((book) =>
        book.typists.map(async (person, t) => {
          const instance = t % instances.length;
          const client = await openLiveClient(ready[instance].address, { cookie: person.cookie, textbookId: book.id });
          await client.synced;
          return { client, sectionId: book.sectionId, instance };
        }),
      ),
    );
    typing.push(...opened);
  }
  for (const { client, instance } of typing) instanceOf.set(client.doc.clientID, instance);
  const after = await Promise.all(instances.map((i) => i.memory()));
  const openDocs = after.reduce((n, m) => n + m.documents, 0);
  const heapGrowth = after.reduce((n, m, i) => n + m.heapUsed + m.external - before[i].heapUsed - before[i].external, 0);
  const rssGrowth = after.reduce((n, m, i) => n + m.rss - before[i].rss, 0);

  // Each receiver reads the clock first, then which keystrokes the update carries (client id and clock).
  for (const { client, instance } of typing) {
    client.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== client.provider) return;
      const at = performance.now();
      for (const struct of Y.decodeUpdate(update).structs) {
        if (!(struct instanceof Y.Item)) continue;
        for (let k = 0; k < struct.length; k++) {
          const t0 = sentAt.get(`${struct.id.client}:${struct.id.clock + k}`);
          if (t0 === undefined) continue;
          deliveries++;
          (instanceOf.get(struct.id.client) === instance ? same : cross).push(at - t0);
        }
      }
    });
  }

  console.log(`  ${typing.length} typists on ${books.length} documents; typing for ${seconds} s at ${rate} keystrokes/s...`);
  let keystrokes = 0;
  for (const i of instances) i.startLoad();
  const letters = 'abcdefghijklmnopqrstuvwxyz ';
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    typing.map(async ({ client, sectionId }, n) => {
      // Staggered starts, so keystrokes are spread over each second as people's are.
      await new Promise((r) => setTimeout(r, (n * 37) % (1000 / rate)));
      let i = 0;
      while (performance.now() < end) {
        const tick = performance.now();
        const clock = Y.getState(client.doc.store, client.doc.clientID);
        sentAt.set(`${client.doc.clientID}:${clock}`, performance.now());
        client.type(sectionId, 0, letters[(n + i++) % letters.length]);
        client.provider.setAwarenessField('cursor', { anchor: clock, head: clock });
        keystrokes++;
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 / rate - (performance.now() - tick))));
      }
    }),
  );
  const expected = keystrokes * (typists - 1);
  const deadline = Date.now() + 10_000;
  while (deliveries < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const load = await Promise.all(instances.map((i) => i.stopLoad()));

  // Every typist of a document ends with the same text.
  let converged = 0;
  for (const book of books) {
    const copies = typing.filter((t) => t.sectionId === book.sectionId).map((t) => t.client.paragraphs(book.sectionId)[0]);
    if (copies.every((c) => c === copies[0])) converged++;
  }
  await Promise.all(typing.map((t) => t.client.close()));
  return {
    sameInstance: same.sort((a, b) => a - b),
    crossInstance: cross.sort((a, b) => a - b),
    keystrokes,
    deliveries,
    expected,
    converged,
    memoryPerDocument: heapGrowth / Math.max(1, openDocs / instances.length),
    rssPerDocument: rssGrowth / Math.max(1, openDocs / instances.length),
    load,
  };
}

function report(label: string, r: Result, goalMs: number, latencies: number[]) {
  console.log('');
  console.log(`${label}`);
  console.log(`  keystrokes                 ${r.keystrokes} (${(r.keystrokes / seconds).toFixed(0)}/s)`);
  console.log(`  delivered to other screens ${r.deliveries} of ${r.expected}`);
  console.log(`  documents converged        ${r.converged} of ${documents}`);
  if (r.sameInstance.length)
    console.log(
      `  same instance              p50 ${fmt(percentile(r.sameInstance, 50))} ms   p99 ${fmt(percentile(r.sameInstance, 99))} ms   max ${fmt(r.sameInstance.at(-1) ?? NaN)} ms`,
    );
  if (r.crossInstance.length)
    console.log(
      `  across instances           p50 ${fmt(percentile(r.crossInstance, 50))} ms   p99 ${fmt(percentile(r.crossInstance, 99))} ms   max ${fmt(r.crossInstance.at(-1) ?? NaN)} ms`,
    );
  console.log(
    `  server memory per document ${(r.memoryPerDocument / 1024).toFixed(0)} KB heap+external, ${(r.rssPerDocument / 1024).toFixed(0)} KB RSS`,
  );
  for (const [i, l] of r.load.entries())
    console.log(
      `  server ${i + 1} while typing       CPU ${(l.cpuShare * 100).toFixed(0)}% of a core, event-loop delay p99 ${fmt(l.loopDelayP99Ms)} ms`,
    );
  console.log(`  machine load average       ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`);
  const p99 = percentile(latencies, 99);
  console.log(`  goal p99 < ${goalMs} ms         ${p99 < goalMs ? 'met' : 'NOT met'} (${fmt(p99)} ms)`);
  if (r.deliveries < r.expected || r.converged < documents) process.exitCode = 1;
}

// ---------------------------------------------------------------- one instance (PGlite)
console.log(`CRDT run: ${documents} documents x ${typists} typists at ${rate} keystrokes/s for ${seconds} s`);
console.log('one instance: starting the server and seeding...');
{
  const one = new Instance({ SEED: '1', DATABASE_URL: '', REDIS_URL: '' });
  try {
    const ready = await one.next<Ready>('ready');
    const result = await run([one], [ready]);
    report('one instance (PGlite)', result, 100, result.sameInstance);
  } finally {
    await one.stop();
  }
}

// ---------------------------------------------------------------- two instances (PostgreSQL + Redis)
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!pgUrl || !hasRedisServer()) {
  console.log('');
  console.log('two instances: skipped (needs TEST_DATABASE_URL or BENCH_DATABASE_URL, and Debian redis-server)');
} else {
  console.log('');
  console.log('two instances: starting redis-server, a fresh database and two servers...');
  const database = await createDatabase(pgUrl, { empty: true });
  const redis = await startRedis();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    SESSION_SECRET: randomBytes(24).toString('hex'),
  };
  const instances: Instance[] = [];
  try {
    // The first migrates the database and seeds; the second starts on it.
    const first = new Instance({ ...env, SEED: '1' });
    instances.push(first);
    const readyFirst = await first.next<Ready>('ready');
    const second = new Instance({ ...env, SEED: '0' });
    instances.push(second);
    const readySecond = await second.next<Ready>('ready');
    const result = await run(instances, [readyFirst, { ...readySecond, seed: readyFirst.seed }]);
    report('two instances (PostgreSQL + Redis)', result, 150, result.crossInstance);
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await redis.stop();
    await database.drop();
  }
}
