import { parentPort } from 'node:worker_threads';
import { runLiveStateJob, type LiveStateJob } from './live-state';

/** Worker entry: one job at a time (a state built, a state vector, a diff, a state in chunks); failures travel back as data. */
parentPort?.on('message', (message: { id: number; job: LiveStateJob }) => {
  try {
    const output = runLiveStateJob(message.job);
    const list: Uint8Array[] = output instanceof Uint8Array ? [output] : output;
    const buffers = list.map((u) => u.buffer as ArrayBuffer);
    parentPort?.postMessage({ id: message.id, ok: true, output }, [...new Set(buffers)]);
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, detail: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
