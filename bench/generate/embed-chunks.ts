import { createEmbedder, embeddingInput } from '@server/ai/embeddings';
import type { MaterialChunk } from '@server/ai/material';

/** Embeds the chunks with the bundled encoder, as ingest does; the model name is printed with the timing. */
export async function embedChunks(chunks: MaterialChunk[]): Promise<{ chunks: MaterialChunk[]; model: string }> {
  const embedder = createEmbedder({
    embeddingsProvider: 'local',
    embeddingsBaseUrl: undefined,
    embeddingsApiKey: undefined,
    embeddingsModel: undefined,
  });
  try {
    const vectors = await embedder.embed(chunks.map((c) => embeddingInput(c.text, c.headingPath)));
    return { chunks: chunks.map((c, i) => ({ ...c, embedding: vectors[i] })), model: embedder.model };
  } finally {
    await embedder.close();
  }
}
