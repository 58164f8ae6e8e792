import * as Y from 'yjs';
import type { TextbookContent } from '@common/textbook';
import { WorkerPool } from '@server/core/worker-pool';
import { computeState } from '../textbooks/save/live-state';
import { updateProblem } from './update-policy';

/**
 * Checking a stored live document's state against the schema when it is loaded, off the main
 * thread when it is large (decoding 20 MB takes seconds; docs/decisions.md "CPU-heavy work off
 * the main thread"). Building a state from content is the save path's (textbooks/save/live-state.ts).
 */

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

/** Below this many bytes a stored state is checked on the main thread. */
const inlineCheckBytes = 256 * 1024;
const workerTimeoutMs = 120_000;

type Reply = { ok: true; repaired: Repaired } | { ok: false; detail: string };
let pool: WorkerPool<RepairJob, Reply> | undefined;

/** repairState, in a worker thread when the state is large. */
export async function repairStateOffThread(job: RepairJob): Promise<Repaired> {
  if (job.repair.length <= inlineCheckBytes) return repairState(job);
  pool ??= new WorkerPool<RepairJob, Reply>(new URL('./live-repair-worker.ts', import.meta.url), 1);
  const reply = await pool.run(job, { timeoutMs: workerTimeoutMs });
  if (!reply.ok) throw new Error(`checking the live document failed: ${reply.detail}`);
  return reply.repaired;
}

export async function closeLiveRepairWorkers(): Promise<void> {
  await pool?.close();
  pool = undefined;
}
