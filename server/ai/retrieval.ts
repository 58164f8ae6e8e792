import MiniSearch from 'minisearch';
import type { Embedder } from './embeddings';
import type { Material, MaterialChunk, RetrievedChunk, Retriever } from './material';
import { cosine, quickTokenize } from '../core/nlp';

/** Weight of meaning (vector cosine) against wording (BM25) in the hybrid score. */
const vectorWeight = 0.6;

interface Indexed {
  search: MiniSearch<{ id: number; text: string; heading: string }>;
  byId: Map<number, MaterialChunk>;
}

function buildIndex(chunks: MaterialChunk[]): Indexed {
  const search = new MiniSearch<{ id: number; text: string; heading: string }>({
    fields: ['text', 'heading'],
    tokenize: (text) => quickTokenize(text),
    processTerm: (term) => term,
    searchOptions: { boost: { heading: 2 }, tokenize: (text) => quickTokenize(text), processTerm: (term) => term },
  });
  search.addAll(chunks.map((c) => ({ id: c.id, text: c.text, heading: c.headingPath.join(' ') })));
  return { search, byId: new Map(chunks.map((c) => [c.id, c])) };
}

/** What each retriever made here searches, so a worker thread can rebuild the same one over its copy of the material. */
const origins = new WeakMap<Retriever, { material: Material; embedder: Embedder }>();

/** The material and embedder behind a retriever made by createRetriever (undefined for any other retriever). */
export function retrieverOrigin(retriever: Retriever): { material: Material; embedder: Embedder } | undefined {
  return origins.get(retriever);
}

/**
 * Hybrid retrieval over a material's chunks: vector cosine with the query's
 * embedding plus BM25 (minisearch), each scaled to [0, 1] over the
 * candidates, then mixed. Chunks without a vector of the embedder's model
 * (or no embedder answer) fall back to BM25 alone, so retrieval always works.
 */
export function createRetriever(material: Material, embedder: Embedder): Retriever {
  let index: Indexed | undefined;
  const retriever: Retriever = {
    async search(query, opts = {}) {
      const limit = opts.limit ?? 8;
      const chunks = material.chunks.filter((c) => !opts.excludeChunkIds?.has(c.id));
      if (!query.trim() || chunks.length === 0) return [];
      index ??= buildIndex(material.chunks);

      const bm25 = new Map<number, number>();
      for (const hit of index.search.search(query, { combineWith: 'OR' })) bm25.set(hit.id as number, hit.score);
      const maxBm25 = Math.max(0, ...bm25.values());

      const vectors = new Map<number, number>();
      const withVectors = chunks.filter((c) => c.embedding && c.embedding.length > 0);
      if (withVectors.length > 0) {
        try {
          const [q] = await embedder.embed([query]);
          for (const c of withVectors) if (c.embedding!.length === q.length) vectors.set(c.id, Math.max(0, cosine(q, c.embedding!)));
        } catch {
          // An unavailable embeddings service degrades to keyword ranking rather than failing the request.
        }
      }
      const maxCos = Math.max(0, ...vectors.values());
      const useVectors = vectors.size > 0 && maxCos > 0;
      const useBm25 = maxBm25 > 0;

      const scored: RetrievedChunk[] = chunks.map((c) => {
        const v = useVectors ? (vectors.get(c.id) ?? 0) / maxCos : 0;
        const b = useBm25 ? (bm25.get(c.id) ?? 0) / maxBm25 : 0;
        const score = useVectors && useBm25 ? vectorWeight * v + (1 - vectorWeight) * b : useVectors ? v : b;
        return { ...c, score: Math.round(score * 1e4) / 1e4 };
      });
      return scored
        .filter((c) => c.score > 0)
        .sort((a, b) => b.score - a.score || a.sourceId - b.sourceId || a.ordinal - b.ordinal)
        .slice(0, limit);
    },
  };
  origins.set(retriever, { material, embedder });
  return retriever;
}
