import { createHash } from 'node:crypto';
import type { EmbedOptions, Embedder } from './embedder';

/**
 * Remembers vectors by content hash (model + text), so repeated queries and
 * re-sent texts cost nothing. Bounded; the oldest entries go first.
 */
export class CachedEmbedder implements Embedder {
  private readonly cache = new Map<string, number[]>();

  constructor(
    private readonly inner: Embedder,
    private readonly maxEntries = 20_000,
  ) {}

  get model(): string {
    return this.inner.model;
  }

  async embed(texts: string[], options?: EmbedOptions): Promise<number[][]> {
    const keys = texts.map((t) => createHash('sha256').update(this.inner.model).update('\0').update(t).digest('base64'));
    const missing = [...new Set(keys.filter((k) => !this.cache.has(k)))];
    if (missing.length) {
      const firstText = new Map<string, string>();
      keys.forEach((k, i) => firstText.has(k) || firstText.set(k, texts[i]));
      const vectors = await this.inner.embed(
        missing.map((k) => firstText.get(k)!),
        options,
      );
      missing.forEach((k, i) => this.remember(k, vectors[i]));
    }
    return keys.map((k) => {
      const v = this.cache.get(k)!;
      // Refresh recency.
      this.cache.delete(k);
      this.cache.set(k, v);
      return v;
    });
  }

  private remember(key: string, vector: number[]): void {
    this.cache.set(key, vector);
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
