import { parentPort } from 'node:worker_threads';
import type { TextbookContent } from '@common/textbook';
import { prepareReaderJson } from './reader-prepare';

/** Worker entry: one book at a time; failures travel back as data. */
parentPort?.on('message', (message: { id: number; job: TextbookContent }) => {
  try {
    parentPort?.postMessage({ id: message.id, ok: true, output: prepareReaderJson(message.job) });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, detail: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
