import * as Y from 'yjs';
import type { TextbookContent } from '@common/textbook';
import { WorkerPool } from '@server/core/worker-pool';
import { applyContentChange, bodiesOf, docFromState, writeContent } from './live-content';

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

type Reply = { ok: true; output: Uint8Array } | { ok: false; detail: string };
let pool: WorkerPool<StateJob, Reply> | undefined;

function workers(): WorkerPool<StateJob, Reply> {
  pool ??= new WorkerPool<StateJob, Reply>(new URL('./live-state-worker.ts', import.meta.url), 1);
  return pool;
}

/** computeState, in a worker thread when the changed HTML is large. */
export async function computeStateOffThread(job: StateJob): Promise<Uint8Array> {
  if (changedChars(job) <= inlineLimitChars) return computeState(job);
  const reply = await workers().run(job, { timeoutMs: workerTimeoutMs });
  if (!reply.ok) throw new Error(`building the live document failed: ${reply.detail}`);
  return reply.output;
}

export async function closeLiveStateWorkers(): Promise<void> {
  await pool?.close();
  pool = undefined;
}
