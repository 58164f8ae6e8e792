import { parentPort } from 'node:worker_threads';
import { extractAndChunk, type ExtractJob } from './extract-document';
import { ExtractError } from './extract-error';

/** Worker entry: one job at a time; failures travel back as data, never as a crash. */
parentPort?.on('message', async (message: { id: number; job: ExtractJob }) => {
  try {
    const output = await extractAndChunk(message.job);
    parentPort?.postMessage({ id: message.id, ok: true, output });
  } catch (err) {
    const reason = err instanceof ExtractError ? err.reason : 'corrupt';
    parentPort?.postMessage({ id: message.id, ok: false, reason, detail: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
