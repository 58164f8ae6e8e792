import { normalizeVector } from '@server/core/nlp';
import type { Embedder } from './embedder';

const batchSize = 64;

/** Any OpenAI-compatible /embeddings endpoint (Ollama, vLLM, LM Studio, OpenAI itself). */
export class RemoteEmbedder implements Embedder {
  readonly model: string;

  constructor(
    private readonly baseUrl: string,
    model: string,
    private readonly apiKey?: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.model = model;
  }

  async embed(texts: string[]): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += batchSize) out.push(...(await this.embedBatch(texts.slice(i, i + batchSize))));
    return out;
  }

  private async embedBatch(input: string[]): Promise<number[][]> {
    const url = `${this.baseUrl.replace(/\/+$/, '')}/embeddings`;
    let lastError: unknown;
    // Two retries with backoff: embedding servers drop connections under load.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await this.fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}) },
          body: JSON.stringify({ model: this.model, input }),
          signal: AbortSignal.timeout(60_000),
        });
        if (!res.ok) throw new Error(`embeddings endpoint answered ${res.status}`);
        const body = (await res.json()) as { data: Array<{ embedding: number[]; index: number }> };
        return [...body.data].sort((a, b) => a.index - b.index).map((d) => normalizeVector(d.embedding));
      } catch (err) {
        lastError = err;
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      }
    }
    throw lastError instanceof Error ? lastError : new Error('embedding failed');
  }

  async close(): Promise<void> {}
}
