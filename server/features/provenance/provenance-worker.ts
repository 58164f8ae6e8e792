import { parentPort } from 'node:worker_threads';
import { chapterProvenance, type ProvenanceJob } from './chapter-provenance';

/** Worker entry: one chapter's matching at a time; failures travel back as data. */
parentPort?.on('message', (message: { id: number; job: ProvenanceJob }) => {
  try {
    const { material, chapter, chapterIndex } = message.job;
    parentPort?.postMessage({ id: message.id, ok: true, answer: chapterProvenance(material, chapter, chapterIndex) });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, detail: (err as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
