import * as Y from 'yjs';
import type { TextbookContent } from '@common/textbook';
import { WorkerPool } from '@server/core/worker-pool';
import { applyContentChange, bodiesOf, docFromState, writeContent } from './live-content';
import { stateInChunks } from './live-state-chunks';

/**
 * Turning JSON content into a live document's state off the main thread when it is large: HTML is
 * parsed with a DOM implementation at about 2 ms per kilobyte, so building a 5 MB book would stall
 * every request for seconds (docs/decisions.md "CPU-heavy work off the main thread").
 */

/** Below this much changed HTML the work stays on the main thread (a worker's start costs more). */
const inlineLimitChars = 64 * 1024;
const workerTimeoutMs = 120_000;

export interface StateJob {
  /** The stored state, or null to build a document from nothing. */
  state: Uint8Array | null;
  /** The content the state matches (null: an empty document). */
  before: TextbookContent | null;
  after: TextbookContent;
}

/** The new compacted state: `state` with the bodies that differ between before and after written in as edits. */
export function computeState(job: StateJob): Uint8Array {
  const doc = docFromState(job.state);
  try {
    if (job.before) applyContentChange(doc, job.before, job.after);
    else writeContent(doc, job.after);
    // One merged update of the whole document: deleted text is garbage-collected, so the stored state stays bounded.
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

function changedChars(job: StateJob): number {
  const old = job.before ? bodiesOf(job.before) : new Map<string, string>();
  let total = 0;
  for (const [id, html] of bodiesOf(job.after)) if (old.get(id) !== html) total += html.length;
  return total;
}

/**
 * The worker's jobs: building a state from content, the state vector of a stored state (which
 * edits it holds), the part of a stored state a document lacks, and a stored state cut into
 * chunks a document takes in one by one. Decoding a state costs about as much as its size, so
 * these go to the worker past `inlineStateBytes`.
 */
export type LiveStateJob =
  | ({ kind: 'build' } & StateJob)
  | { kind: 'vector'; state: Uint8Array }
  | { kind: 'diff'; state: Uint8Array; vector: Uint8Array }
  | { kind: 'chunks'; state: Uint8Array }
  | { kind: 'merge'; state: Uint8Array; update: Uint8Array };

/** Characters of content per chunk a document takes in at once when it opens (a few milliseconds each). */
const chunkSize = 16 * 1024;

export function runLiveStateJob(job: LiveStateJob): Uint8Array | Uint8Array[] {
  if (job.kind === 'chunks') return stateInChunks(job.state, chunkSize);
  if (job.kind === 'vector') return Y.encodeStateVectorFromUpdate(job.state);
  if (job.kind === 'diff') return Y.diffUpdate(job.state, job.vector);
  if (job.kind === 'merge') return mergeState(job.state, job.update);
  return computeState(job);
}

/** Below this many bytes a stored state is decoded on the main thread. */
const inlineStateBytes = 256 * 1024;

type Reply = { ok: true; output: Uint8Array | Uint8Array[] } | { ok: false; detail: string };
let pool: WorkerPool<LiveStateJob, Reply> | undefined;
/** Jobs each kind ran in the worker thread since the process started (tests check where the work ran). */
export const liveStateWorkerRuns: Record<LiveStateJob['kind'], number> = { build: 0, vector: 0, diff: 0, chunks: 0, merge: 0 };

function workers(): WorkerPool<LiveStateJob, Reply> {
  pool ??= new WorkerPool<LiveStateJob, Reply>(new URL('./live-state-worker.ts', import.meta.url), 1);
  return pool;
}

async function inWorker(job: LiveStateJob): Promise<Uint8Array | Uint8Array[]> {
  liveStateWorkerRuns[job.kind]++;
  const reply = await workers().run(job, { timeoutMs: workerTimeoutMs });
  if (!reply.ok) throw new Error(`live document work (${job.kind}) failed: ${reply.detail}`);
  return reply.output;
}

async function oneUpdate(job: LiveStateJob): Promise<Uint8Array> {
  const output = await inWorker(job);
  if (!(output instanceof Uint8Array)) throw new Error(`live document work (${job.kind}) answered with chunks`);
  return output;
}

/** computeState, in a worker thread when the changed HTML is large. */
export async function computeStateOffThread(job: StateJob): Promise<Uint8Array> {
  if (changedChars(job) <= inlineLimitChars) return computeState(job);
  return oneUpdate({ kind: 'build', ...job });
}

/** The state vector of a stored state: which edits it holds. */
export async function stateVectorOffThread(state: Uint8Array): Promise<Uint8Array> {
  if (state.length <= inlineStateBytes) return Y.encodeStateVectorFromUpdate(state);
  return oneUpdate({ kind: 'vector', state });
}

/** What of a stored state a document with state vector `vector` lacks, as one update. */
export async function missingUpdateOffThread(state: Uint8Array, vector: Uint8Array): Promise<Uint8Array> {
  if (state.length <= inlineStateBytes) return Y.diffUpdate(state, vector);
  return oneUpdate({ kind: 'diff', state, vector });
}

/** A stored state with an update applied, compacted (deleted text garbage-collected) as one update. */
function mergeState(state: Uint8Array, update: Uint8Array): Uint8Array {
  const doc = docFromState(state);
  try {
    Y.applyUpdate(doc, update);
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

/** A stored state with what a live document added since (`update`) taken in, built in the worker. */
export async function mergeStateOffThread(state: Uint8Array, update: Uint8Array): Promise<Uint8Array> {
  return oneUpdate({ kind: 'merge', state, update });
}

/** Past this many bytes a live store writes its state through the worker (live-save.ts). */
export const largeStateBytes = inlineStateBytes;

/**
 * Applies a stored state to a document without holding the main thread: a large one is cut into
 * chunks in the worker (live-state-chunks.ts) and taken in one chunk per turn of the event loop.
 */
export async function applyStateInTurns(doc: Y.Doc, state: Uint8Array, origin?: unknown): Promise<void> {
  if (state.length <= inlineStateBytes) {
    Y.applyUpdate(doc, state, origin);
    return;
  }
  const chunks = await inWorker({ kind: 'chunks', state });
  for (const chunk of chunks instanceof Uint8Array ? [chunks] : chunks) {
    Y.applyUpdate(doc, chunk, origin);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function closeLiveStateWorkers(): Promise<void> {
  await pool?.close();
  pool = undefined;
}
