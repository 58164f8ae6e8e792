import { parentPort } from 'node:worker_threads';
import { runLiveStateJob, type LiveStateJob } from './live-state';

/** Worker entry: one job at a time (a state built, a state vector, a diff); failures travel back as data. */
parentPort?.on('message', (message: { id: number; job: LiveStateJob }) => {
  try {
    const output = runLiveStateJob(message.job);
    parentPort?.postMessage({ id: message.id, ok: true, output }, [output.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, detail: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
