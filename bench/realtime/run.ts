/**
 * Realtime benchmark: SOCKETS sockets on one textbook, one save per
 * second for SECONDS seconds; prints fan-out latency p50/p99 and memory per
 * connection. Goal: p99 under 100 ms.
 *
 *   npm run bench:realtime            (BENCH_SOCKETS=200 BENCH_SECONDS=30 BENCH_USERS=20)
 *
 * Latencies, per delivered edit:
 *  - fan-out: from the moment the server heard of the committed save (the
 *    edit's timestamp) to the moment this socket had the message;
 *  - save-to-socket: from sending the PATCH to the socket having the message
 *    (includes the save itself: lock, merge, version, commit).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestSocket } from '@server/test/realtime/ws-client.support';
import { percentile } from '../lib/percentile';

const sockets = Number(process.env.BENCH_SOCKETS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const here = path.dirname(fileURLToPath(import.meta.url));

interface Seed {
  address: string;
  textbookId: number;
  owner: { id: number; cookie: string };
  collaborators: Array<{ id: number; username: string; cookie: string }>;
  memory: { rss: number; heapUsed: number; external: number };
}
type Memory = Seed['memory'];

const child = fork(path.join(here, 'bench-server.ts'), [], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  env: { ...process.env },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const fromChild = <T>(type: string): Promise<T> =>
  new Promise((resolve, reject) => {
    const onMessage = (m: { type: string } & T) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
const askMemory = async (): Promise<Memory> => {
  const reply = fromChild<{ memory: Memory }>('memory');
  child.send({ type: 'memory' });
  return (await reply).memory;
};

const fmt = (n: number) => n.toFixed(1);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

try {
  console.log('starting the server and seeding (users, collaborators, textbook)...');
  const seed = await fromChild<Seed>('ready');
  const base = seed.address;
  const before = await askMemory();

  // Open the sockets a batch at a time, as page loads would.
  const clients: TestSocket[] = [];
  for (let i = 0; i < sockets; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, sockets - i) }, async (_, j) => {
        const user = seed.collaborators[(i + j) % seed.collaborators.length];
        const s = await TestSocket.open(base, { cookie: user.cookie });
        s.join(seed.textbookId);
        await s.waitFor((m) => m.type === 'collaborators', 10_000);
        return s;
      }),
    );
    clients.push(...batch);
  }
  const connected = await askMemory();

  const fanOut: number[] = [];
  const endToEnd: number[] = [];
  const saveMs: number[] = [];
  const sentAt = new Map<number, number>();
  let received = 0;
  // 200 sockets share this one client process: the clock is read first and only the
  // message's tail (revision, timestamp) is decoded, so the clients' own JSON work does
  // not pass for server latency.
  const tailPattern = /"revision":(\d+),"timestamp":"([^"]+)"\}$/;
  const onFrame = (data: Buffer) => {
    const at = Date.now();
    const atPerf = performance.now();
    const tail = tailPattern.exec(data.subarray(Math.max(0, data.length - 120)).toString('utf8'));
    if (!tail || !data.subarray(0, 20).toString('utf8').includes('"edit"')) return;
    received++;
    fanOut.push(at - Date.parse(tail[2]));
    const t0 = sentAt.get(Number(tail[1]));
    if (t0 !== undefined) endToEnd.push(atPerf - t0);
  };
  for (const c of clients) {
    c.ws.removeAllListeners('message');
    c.ws.on('message', onFrame);
  }

  const get = await fetch(`${base}/api/textbooks/${seed.textbookId}`, { headers: { cookie: seed.owner.cookie } });
  const book = (await get.json()) as { revision: number; content: { chapters: Array<{ sections: Array<{ content: string }> }> } };
  let revision = book.revision;
  const contentBytes = Buffer.byteLength(JSON.stringify(book.content));
  console.log(`${clients.length} sockets joined; ${seconds} saves at 1/s of a ${(contentBytes / 1024).toFixed(0)} KB book...`);

  for (let i = 0; i < seconds; i++) {
    const tick = performance.now();
    const sections = book.content.chapters[0].sections;
    sections[i % sections.length].content = `<p>Save ${i} at ${new Date().toISOString()}</p>`;
    sentAt.set(revision + 1, performance.now());
    const res = await fetch(`${base}/api/textbooks/${seed.textbookId}`, {
      method: 'PATCH',
      headers: { cookie: seed.owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: book.content, baseRevision: revision }),
    });
    if (res.status !== 200) throw new Error(`save ${i}: ${res.status} ${await res.text()}`);
    revision = ((await res.json()) as { revision: number }).revision;
    saveMs.push(performance.now() - tick);
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - tick))));
  }
  // Let the last fan-out land.
  const deadline = Date.now() + 5000;
  while (received < seconds * clients.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

  fanOut.sort((a, b) => a - b);
  endToEnd.sort((a, b) => a - b);
  saveMs.sort((a, b) => a - b);
  const perConnection = (connected.heapUsed + connected.external - before.heapUsed - before.external) / clients.length;
  const rssPerConnection = (connected.rss - before.rss) / clients.length;
  console.log('');
  console.log(`sockets                    ${clients.length} (${seed.collaborators.length} users)`);
  console.log(`saves                      ${seconds} (PATCH p50 ${fmt(percentile(saveMs, 50))} ms, p99 ${fmt(percentile(saveMs, 99))} ms)`);
  console.log(`edits delivered            ${received} of ${seconds * clients.length}`);
  console.log(
    `fan-out latency            p50 ${fmt(percentile(fanOut, 50))} ms   p99 ${fmt(percentile(fanOut, 99))} ms   max ${fmt(fanOut.at(-1) ?? NaN)} ms`,
  );
  console.log(`save-to-socket latency     p50 ${fmt(percentile(endToEnd, 50))} ms   p99 ${fmt(percentile(endToEnd, 99))} ms`);
  console.log(
    `memory per connection      ${(perConnection / 1024).toFixed(1)} KB heap+external, ${(rssPerConnection / 1024).toFixed(1)} KB RSS`,
  );
  console.log(`server memory              before ${mb(before.rss)} RSS, with sockets ${mb(connected.rss)} RSS`);
  const p99 = percentile(fanOut, 99);
  console.log(`goal p99 < 100 ms          ${p99 < 100 ? 'met' : 'NOT met'}`);
  await Promise.all(clients.map((c) => c.close()));
  if (received < seconds * clients.length) process.exitCode = 1;
} finally {
  child.send({ type: 'stop' });
  await new Promise((r) => child.once('exit', r));
}
