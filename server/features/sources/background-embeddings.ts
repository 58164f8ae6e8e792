import { nextTurn } from '@server/core/next-turn';
import type { EmbeddingProgress } from '@common/extract';
import { embeddingInput, type Embedder } from '@server/ai/embeddings';
import type { Db } from '@server/db/client';
import * as repo from './sources.repo';

/** Chunks per round: progress moves and a stop loses little, while both encoder workers stay busy. */
const slice = 32;

/**
 * Sentence vectors for stored sources, computed after the request that stored them has been
 * answered ("Embeddings in the background", docs/decisions.md): one loop per source, a slice of
 * chunks at a time, each slice's vectors stored as it is done, so progress is visible and work
 * done survives a crash. Whoever needs the vectors (a generation whose engine uses them) waits for
 * the same loop, or starts it when another instance's was lost.
 */
export class BackgroundEmbeddings {
  private readonly inFlight = new Map<number, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly embedder: Embedder,
    private readonly onError: (message: string, err: unknown) => void = () => undefined,
  ) {}

  get model(): string {
    return this.embedder.model;
  }

  /** Starts embedding these sources (a source already under way is not started twice). */
  schedule(sourceIds: number[]): void {
    for (const id of sourceIds) void this.embed(id).catch((err: unknown) => this.onError('background embedding failed', err));
  }

  /** Resolves once every chunk of these sources has a vector of the current model; reports progress meanwhile. */
  async ensure(ownerId: number, sourceIds: number[], onProgress?: (p: EmbeddingProgress) => void): Promise<void> {
    const work = Promise.all(sourceIds.map((id) => this.embed(id)));
    if (!onProgress) return void (await work);
    const report = () => this.progress(ownerId, sourceIds).then(onProgress, () => undefined);
    const timer = setInterval(() => void report(), 500);
    try {
      await work;
    } finally {
      clearInterval(timer);
    }
    await report();
  }

  async progress(ownerId: number, sourceIds: number[]): Promise<EmbeddingProgress> {
    const { total, embedded } = await repo.countEmbedded(this.db, ownerId, sourceIds, this.embedder.model);
    return { total, embedded, percent: total === 0 ? 100 : Math.floor((embedded / total) * 100), done: embedded >= total };
  }

  /** Stops between slices; what is stored stays stored. */
  async close(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  private embed(sourceId: number): Promise<void> {
    const running = this.inFlight.get(sourceId);
    if (running) return running;
    const work = this.embedSource(sourceId).finally(() => this.inFlight.delete(sourceId));
    this.inFlight.set(sourceId, work);
    return work;
  }

  private async embedSource(sourceId: number): Promise<void> {
    const model = this.embedder.model;
    const rows = await repo.listChunksToEmbed(this.db, sourceId, model);
    for (let i = 0; i < rows.length && !this.stopped; i += slice) {
      // A cached embedder answers at once: without a turn between slices the whole source would be one run.
      if (i > 0) await nextTurn();
      const part = rows.slice(i, i + slice);
      const vectors = await this.embedder.embed(
        part.map((r) => embeddingInput(r.text, r.headingPath)),
        { background: true },
      );
      await repo.updateChunkEmbeddings(
        this.db,
        part.map((r, k) => ({ id: r.id, embedding: vectors[k] })),
        model,
      );
    }
  }
}
