import { parentPort } from 'node:worker_threads';
import { computeState, repairState, type RepairJob, type StateJob } from './live-state';

/** Worker entry: one state job at a time (a build or a check); failures travel back as data. */
parentPort?.on('message', (message: { id: number; job: StateJob | RepairJob }) => {
  try {
    if ('repair' in message.job) {
      const repaired = repairState(message.job);
      parentPort?.postMessage({ id: message.id, ok: true, repaired });
      return;
    }
    const output = computeState(message.job);
    parentPort?.postMessage({ id: message.id, ok: true, output }, [output.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, detail: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
