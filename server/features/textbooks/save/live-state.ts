import * as Y from 'yjs';
import type { TextbookContent } from '@common/textbook';
import { WorkerPool } from '@server/ingest/worker-pool';
import { applyContentChange, bodiesOf, docFromState, writeContent } from './live-content';
import { updateProblem } from '@server/features/collab/update-policy';

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

/** A stored state to check against the schema of a textbook's live document, and the content to rebuild it from. */
export interface RepairJob {
  repair: Uint8Array;
  content: TextbookContent;
}

/** What a check found: nothing (`problem` null, no new state), or the problem and a state rebuilt from the content. */
export type Repaired = { problem: null } | { problem: string; dropped: string[]; state: Uint8Array };

/** The names of the shared types at the root of a state that are no body. */
function foreignRoots(state: Uint8Array): string[] {
  const names = new Set<string>();
  for (const s of Y.decodeUpdate(state).structs) {
    // A decoded item names its root type by a string (typed as a shared type, which it is once integrated).
    const parent: unknown = s instanceof Y.Item ? s.parent : null;
    if (typeof parent === 'string' && !parent.startsWith('body:')) names.add(parent.slice(0, 80));
  }
  return [...names].slice(0, 20);
}

/**
 * Checks a stored state as a whole update against the schema (update-policy.ts). One that holds
 * anything else (written before the policy looked past the bodies) is rebuilt from the stored
 * content: the content is what the bodies hold, so only what lies outside them is dropped.
 */
export function repairState(job: RepairJob): Repaired {
  // Junk only: a body nested deeper than today's limit came from the stored content and would come back from it.
  const problem = updateProblem(job.repair, { nesting: false });
  if (!problem) return { problem: null };
  let dropped: string[] = [];
  try {
    dropped = foreignRoots(job.repair);
  } catch {
    dropped = ['(unreadable state)'];
  }
  return { problem, dropped, state: computeState({ state: null, before: null, after: job.content }) };
}

function changedChars(job: StateJob): number {
  const old = job.before ? bodiesOf(job.before) : new Map<string, string>();
  let total = 0;
  for (const [id, html] of bodiesOf(job.after)) if (old.get(id) !== html) total += html.length;
  return total;
}

type Reply = { ok: true; output: Uint8Array } | { ok: true; repaired: Repaired } | { ok: false; detail: string };
let pool: WorkerPool<StateJob | RepairJob, Reply> | undefined;

function workers(): WorkerPool<StateJob | RepairJob, Reply> {
  pool ??= new WorkerPool<StateJob | RepairJob, Reply>(new URL('./live-state-worker.ts', import.meta.url), 1);
  return pool;
}

/** computeState, in a worker thread when the changed HTML is large. */
export async function computeStateOffThread(job: StateJob): Promise<Uint8Array> {
  if (changedChars(job) <= inlineLimitChars) return computeState(job);
  const reply = await workers().run(job, { timeoutMs: workerTimeoutMs });
  if (!reply.ok) throw new Error(`building the live document failed: ${reply.detail}`);
  if (!('output' in reply)) throw new Error('building the live document failed: no state');
  return reply.output;
}

/** Below this many bytes a stored state is checked on the main thread. */
const inlineCheckBytes = 256 * 1024;

/** repairState, in a worker thread when the state is large (decoding 20 MB takes seconds). */
export async function repairStateOffThread(job: RepairJob): Promise<Repaired> {
  if (job.repair.length <= inlineCheckBytes) return repairState(job);
  const reply = await workers().run(job, { timeoutMs: workerTimeoutMs });
  if (!reply.ok) throw new Error(`checking the live document failed: ${reply.detail}`);
  if (!('repaired' in reply)) throw new Error('checking the live document failed: no answer');
  return reply.repaired;
}

export async function closeLiveStateWorkers(): Promise<void> {
  await pool?.close();
  pool = undefined;
}
