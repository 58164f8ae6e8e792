import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { ExportJob } from './export-job';
import { renderExport } from './render-export';

/**
 * Nanoseconds this thread has spent ready to run but waiting for a core (Linux's schedstat; 0
 * elsewhere): on a busy machine, the part of an export's wall-clock that is neither its own work
 * nor any waiting of its own.
 */
function runQueueNs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) || 0;
  } catch {
    return 0;
  }
}

/** Worker entry: one export at a time; a failure travels back as data. */
parentPort?.on('message', async (message: { id: number; job: ExportJob }) => {
  const started = performance.now();
  const cpu = process.threadCpuUsage();
  const queued = runQueueNs();
  const timing = () => {
    const used = process.threadCpuUsage(cpu);
    return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, runQueueMs: (runQueueNs() - queued) / 1e6 };
  };
  try {
    const reply = await renderExport(message.job);
    if (reply.ok) {
      // Node's own Buffers may sit on memory that cannot be transferred: those are copied once.
      const bytes = Buffer.isBuffer(reply.bytes) ? new Uint8Array(reply.bytes) : reply.bytes;
      parentPort?.postMessage({ id: message.id, ok: true, bytes, timing: timing() }, [bytes.buffer as ArrayBuffer]);
    } else parentPort?.postMessage({ id: message.id, ...reply });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, reason: 'failed', message: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
