import { extractAndChunk, type ExtractJob } from './extract-document';
import { ExtractError } from './extract-error';

/** Extraction process entry (process-pool.ts): one job at a time; failures travel back as data, never as a crash. */
const send = (message: unknown) => process.send?.(message);

process.on('message', async (message: { id: number; job: ExtractJob }) => {
  try {
    // Reports while it works ("Reading page 3 of 12") travel as messages with the task's id.
    const output = await extractAndChunk(message.job, (progress) => send({ id: message.id, progress }));
    send({ id: message.id, ok: true, output });
  } catch (err) {
    const reason = err instanceof ExtractError ? err.reason : 'corrupt';
    send({ id: message.id, ok: false, reason, detail: (err as Error).message });
  }
  // What the file left (its pages, fonts, pictures) is collected now, while the process waits for the next file
  // (process-pool.ts starts it with --expose-gc), rather than held until the heap next fills.
  (globalThis as { gc?: () => void }).gc?.();
});
send({ ready: true });
