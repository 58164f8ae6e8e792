import { parentPort } from 'node:worker_threads';
import { renderPagePicture } from '@server/ingest/pdf/pdf-page-picture';

/** Worker entry: one page at a time; failures travel back as data. */
parentPort?.on('message', async (message: { id: number; job: { data: Uint8Array; page: number } }) => {
  try {
    const reply = await renderPagePicture(message.job.data, message.job.page);
    if (reply.ok) parentPort?.postMessage({ id: message.id, ...reply }, [reply.png.buffer as ArrayBuffer]);
    else parentPort?.postMessage({ id: message.id, ...reply });
  } catch {
    parentPort?.postMessage({ id: message.id, ok: false, reason: 'unreadable' });
  }
});
parentPort?.postMessage({ ready: true });
