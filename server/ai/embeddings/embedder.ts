export interface EmbedOptions {
  /**
   * Nobody waits for these vectors (a source embedded in the background): the local model runs
   * them on one thread at a time, so a second copy of the model is not loaded for them.
   */
  background?: boolean;
}

/** Turns texts into vectors. One model per embedder; vectors of different models are never compared. */
export interface Embedder {
  /** Stored beside every vector (chunks.embedding_model). */
  readonly model: string;
  embed(texts: string[], options?: EmbedOptions): Promise<number[][]>;
  close(): Promise<void>;
}

/**
 * The sentence encoder's cost grows with length while its averaged vector
 * changes little past a long paragraph: the heading path plus the first
 * words of a chunk stand for it (BM25 in the hybrid ranking still sees
 * every word).
 */
export const embedWordLimit = 160;

export function embeddingInput(text: string, headingPath: string[] = []): string {
  const words = text.split(/\s+/).filter(Boolean);
  const body = words.length > embedWordLimit ? words.slice(0, embedWordLimit).join(' ') : words.join(' ');
  const heading = headingPath[headingPath.length - 1];
  return heading ? `${heading}. ${body}` : body;
}
