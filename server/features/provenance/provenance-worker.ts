import { parentPort } from 'node:worker_threads';
import { chapterProvenance } from './chapter-provenance';
import type { PoolJob } from './provenance-pool';
import { stampSources } from './stamp-sources';

/** Worker entry: one chapter's matching (or one book's stamping) at a time; failures travel back as data. */
parentPort?.on('message', (message: { id: number; job: PoolJob }) => {
  try {
    if ('stamp' in message.job) {
      parentPort?.postMessage({ id: message.id, ok: true, stamped: stampSources(message.job.material, message.job.stamp) });
      return;
    }
    const { material, chapter, chapterIndex } = message.job;
    parentPort?.postMessage({ id: message.id, ok: true, answer: chapterProvenance(material, chapter, chapterIndex) });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, detail: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
