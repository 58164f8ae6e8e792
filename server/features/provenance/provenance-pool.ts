import type { ProvenanceResponse } from '@common/provenance';
import type { Material } from '@server/ai/material';
import { AppError } from '@server/core/app-error';
import { WorkerPool } from '@server/ingest/worker-pool';
import { chapterProvenance, type ChapterText, type ProvenanceJob } from './chapter-provenance';
import { closePagePictures } from './page-picture.service';

/**
 * Matching a chapter against a large material is CPU work (about 0.3 s of CPU for 100,000 words
 * and 100 sections: bench:provenance), so it runs in a worker thread (docs/decisions.md "CPU-heavy
 * work off the main thread"). A small material is matched in place: sending it costs more than that.
 */
const inlineLimitBlocks = 2_000;
const timeoutMs = 30_000;

type Reply = { ok: true; answer: ProvenanceResponse } | { ok: false; detail: string };
let pool: WorkerPool<ProvenanceJob, Reply> | undefined;

/** What the matching reads of the material: each document's blocks, never its text or the chunks' vectors. */
function slim(material: Material): Material {
  return {
    sources: material.sources.map((s) => ({ ...s, text: '', document: { ...s.document, text: '', images: undefined } })),
    chunks: [],
    imageUrls: material.imageUrls,
  };
}

export async function matchOffThread(
  material: Material,
  chapter: ChapterText,
  chapterIndex: number,
  opts: { inlineLimit?: number } = {},
): Promise<ProvenanceResponse> {
  const blocks = material.sources.reduce((n, s) => n + (s.document.blocks?.length ?? 0), 0);
  if (blocks <= (opts.inlineLimit ?? inlineLimitBlocks)) return chapterProvenance(material, chapter, chapterIndex);
  pool ??= new WorkerPool<ProvenanceJob, Reply>(new URL('./provenance-worker.ts', import.meta.url), 1);
  let reply: Reply;
  try {
    const plain = {
      title: chapter.title,
      content: chapter.content,
      sections: chapter.sections.map((s) => ({ title: s.title, content: s.content })),
    };
    reply = await pool.run({ material: slim(material), chapter: plain, chapterIndex }, { timeoutMs });
  } catch {
    throw new AppError(
      'INTERNAL',
      'Matching this chapter against its sources took too long. Please try again in a moment.',
      undefined,
      503,
    );
  }
  if (!reply.ok) throw new AppError('INTERNAL', 'This chapter could not be matched against its sources.');
  return reply.answer;
}

/** Closes the feature's worker threads (matching and page pictures) when the app closes. */
export async function closeProvenanceWorkers(): Promise<void> {
  await pool?.close();
  pool = undefined;
  await closePagePictures();
}
