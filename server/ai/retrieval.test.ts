import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkDocument } from '../ingest/chunk';
import { extractPdf } from '../ingest/pdf/pdf-extract';
import { createEmbedder, embeddingInput } from './embeddings';
import type { Material } from './material';
import { createRetriever } from './retrieval';
import { fixturePath } from '../test/fixture-path.support';

const embedder = createEmbedder({
  embeddingsProvider: 'local',
  embeddingsBaseUrl: undefined,
  embeddingsApiKey: undefined,
  embeddingsModel: undefined,
});
let withVectors: Material;
let withoutVectors: Material;

beforeAll(async () => {
  const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/tracemonkey.pdf'))), 'tracemonkey.pdf');
  const drafts = chunkDocument(doc);
  const vectors = await embedder.embed(drafts.map((d) => embeddingInput(d.text, d.headingPath)));
  const source = { id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc };
  withoutVectors = {
    sources: [source],
    chunks: drafts.map((d, i) => ({ id: i + 1, sourceId: 1, ordinal: i, headingPath: d.headingPath, text: d.text })),
  };
  withVectors = { sources: [source], chunks: withoutVectors.chunks.map((c, i) => ({ ...c, embedding: vectors[i] })) };
}, 300_000);
afterAll(() => embedder.close());

describe('hybrid retriever', () => {
  it('finds the section a query is about (vectors + BM25)', async () => {
    const hits = await createRetriever(withVectors, embedder).search('how registers are allocated for trace code', { limit: 3 });
    expect(hits[0].headingPath).toContain('5.2 Register Allocation');
    expect(hits[0].score).toBeGreaterThan(hits[hits.length - 1].score - 1e-9);
  });

  it('ranks by meaning when the words differ (vector part)', async () => {
    const hits = await createRetriever(withVectors, embedder).search('stopping a long running script so the browser stays responsive', {
      limit: 5,
    });
    expect(hits.some((h) => h.headingPath.includes('6.4 Preemption'))).toBe(true);
  });

  it('falls back to BM25 alone when chunks have no vectors', async () => {
    const hits = await createRetriever(withoutVectors, embedder).search('blacklisting nesting', { limit: 3 });
    expect(hits[0].headingPath.some((h) => /Blacklisting/.test(h))).toBe(true);
  });

  it('honours the limit and excluded chunks, and answers nothing for a blank query', async () => {
    const retriever = createRetriever(withVectors, embedder);
    const first = await retriever.search('trace trees', { limit: 4 });
    expect(first).toHaveLength(4);
    const next = await retriever.search('trace trees', { limit: 4, excludeChunkIds: new Set(first.map((h) => h.id)) });
    expect(next.some((h) => first.some((f) => f.id === h.id))).toBe(false);
    expect(await retriever.search('   ')).toEqual([]);
  });
});
