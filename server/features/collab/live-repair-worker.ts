import { parentPort } from 'node:worker_threads';
import { repairState, type RepairJob } from './live-repair';

/** Worker entry: one stored-state check at a time; failures travel back as data. */
parentPort?.on('message', (message: { id: number; job: RepairJob }) => {
  try {
    const repaired = repairState(message.job);
    parentPort?.postMessage({ id: message.id, ok: true, repaired });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, detail: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
