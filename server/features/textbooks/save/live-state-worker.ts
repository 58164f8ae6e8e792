import { parentPort } from 'node:worker_threads';
import { computeState, type StateJob } from './live-state';

/** Worker entry: one state build at a time; failures travel back as data. */
parentPort?.on('message', (message: { id: number; job: StateJob }) => {
  try {
    const output = computeState(message.job);
    parentPort?.postMessage({ id: message.id, ok: true, output }, [output.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, detail: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
