import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { durableStats } from './durable-nodefs';
import { createPglite, type PgliteSpec } from './pglite-create';
import { sendError, type Envelope, type ThreadReply } from './pglite-thread-protocol';

/**
 * The PGlite thread (pglite-thread.ts): runs the server's database so that PostgreSQL's work on a
 * multi-megabyte row never holds the server's event loop. Requests are answered as they finish;
 * PGlite itself runs one statement at a time, and a transaction's statements come in order.
 */
interface Start {
  spec: Omit<PgliteSpec, 'loadDataDir'>;
  loadDataDir?: ArrayBuffer;
}

const port = parentPort!;
const start = (workerData as { start: Start }).start;
const post = (reply: ThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

interface OpenTx {
  tx: Transaction;
  end: (commit: boolean) => void;
  finished: Promise<void>;
}
const txs = new Map<number, OpenTx>();
const locks = new Map<number, () => void>();
let nextId = 1;

const identity = (value: string) => value;

function txOf(id: number): Transaction {
  const open = txs.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open.tx;
}

/** A transaction held open until the server's thread ends it: its callback there runs the statements. */
async function begin(pglite: PGlite): Promise<number> {
  const id = nextId++;
  let opened!: (open: Omit<OpenTx, 'finished'>) => void;
  const ready = new Promise<Omit<OpenTx, 'finished'>>((resolve) => (opened = resolve));
  const rollback = new Error('rolled back by the server');
  const finished = pglite
    .transaction(async (tx) => {
      const commit = await new Promise<boolean>((end) => opened({ tx, end }));
      if (!commit) throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  const open = await Promise.race([
    ready,
    finished.then(() => {
      throw new Error('the transaction ended before it began');
    }),
  ]);
  txs.set(id, { ...open, finished: finished.finally(() => txs.delete(id)) });
  return id;
}

async function handle(pglite: PGlite, m: Envelope): Promise<[unknown, ArrayBuffer[]?]> {
  switch (m.op) {
    case 'query': {
      const parsers = Object.fromEntries(m.rawTypes.map((t) => [t, identity]));
      const target = m.tx === undefined ? pglite : txOf(m.tx);
      return [await target.query(m.sql, m.params, { rowMode: m.rowMode, parsers })];
    }
    case 'exec':
      return [await (m.tx === undefined ? pglite : txOf(m.tx)).exec(m.sql)];
    case 'begin':
      return [await begin(pglite)];
    case 'end': {
      const open = txs.get(m.tx);
      if (!open) throw new Error(`transaction ${m.tx} is not open`);
      open.end(m.commit);
      await open.finished;
      return [undefined];
    }
    case 'lock': {
      const id = nextId++;
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      void pglite.runExclusive(() => new Promise<void>((release) => (locks.set(id, release), held())));
      await holding;
      return [id];
    }
    case 'unlock':
      locks.get(m.lock)?.();
      locks.delete(m.lock);
      return [undefined];
    case 'dump': {
      const bytes = await (await pglite.dumpDataDir(m.compression)).arrayBuffer();
      return [bytes, [bytes]];
    }
    case 'fsyncs':
      return [durableStats.fsyncs];
    case 'close':
      await pglite.close();
      return [undefined];
  }
}

try {
  const loadDataDir = start.loadDataDir ? new Blob([start.loadDataDir]) : undefined;
  const pglite = await createPglite({ ...start.spec, loadDataDir });
  port.on('message', (m: Envelope) => {
    handle(pglite, m).then(
      ([result, transfer]) => post({ id: m.id, result }, transfer),
      (err: unknown) => post({ id: m.id, error: sendError(err) }),
    );
  });
  post({ ready: true });
} catch (err) {
  post({ failed: sendError(err) });
}
