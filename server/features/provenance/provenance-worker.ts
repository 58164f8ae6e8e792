import { parentPort } from 'node:worker_threads';
import { heldIndex, indexOf, judgeWith } from './chapter-provenance';
import type { PoolJob } from './provenance-pool';
import { stampBody, stampSources } from './stamp-sources';

/** Worker entry: one chapter's matching (or one book's stamping) at a time; failures travel back as data. */
parentPort?.on('message', (message: { id: number; job: PoolJob }) => {
  try {
    if ('stampBodies' in message.job) {
      const { stampBodies, keep, material, key } = message.job;
      const held = material ? indexOf(material, key) : heldIndex(key);
      if (!held) {
        parentPort?.postMessage({ id: message.id, ok: false, missing: true });
        return;
      }
      const { index } = held;
      parentPort?.postMessage({
        id: message.id,
        ok: true,
        bodies: index ? stampBodies.map((html) => stampBody(index, html, new Set(keep))) : stampBodies,
      });
      return;
    }
    if ('stamp' in message.job) {
      parentPort?.postMessage({ id: message.id, ok: true, stamped: stampSources(message.job.material, message.job.stamp) });
      return;
    }
    const { material, chapter, chapterIndex, key, meaning } = message.job;
    // The material is sent only when this worker is not known to hold its index.
    const held = material ? indexOf(material, key) : key ? heldIndex(key) : undefined;
    if (!held) {
      parentPort?.postMessage({ id: message.id, ok: false, missing: true });
      return;
    }
    parentPort?.postMessage({ id: message.id, ok: true, ...judgeWith(held, chapter, chapterIndex, meaning) });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, detail: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
