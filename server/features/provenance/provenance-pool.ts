import type { ProvenanceResponse } from '@common/provenance';
import type { TextbookContent } from '@common/textbook';
import type { Material } from '@server/ai/material';
import { AppError } from '@server/core/app-error';
import { WorkerPool } from '@server/ingest/worker-pool';
import {
  indexOf,
  judgeWith,
  materialKey,
  type ChapterText,
  type Judged,
  type MeaningInput,
  type ProvenanceJob,
} from './chapter-provenance';
import { closePagePictures } from './page-picture.service';
import { stampSources } from './stamp-sources';

/**
 * Matching a chapter against a large material is CPU work (about 0.3 s of CPU for 100,000 words
 * and 100 sections: bench:provenance), so it runs in a worker thread (docs/decisions.md "CPU-heavy
 * work off the main thread"). A small material is matched in place: sending it costs more than that.
 */
const inlineLimitBlocks = 2_000;
const timeoutMs = 30_000;
/** A whole book is many chapters. */
const stampTimeoutMs = 120_000;

/** A chapter to match, or a whole book to stamp with its sources (stamp-sources.ts). */
export type PoolJob = ProvenanceJob | { stamp: TextbookContent; material: Material };
type Reply =
  | ({ ok: true } & Judged)
  | { ok: true; stamped: TextbookContent }
  | { ok: false; detail: string }
  /** The worker holds no match index for the job's key (started since, or evicted): send the material. */
  | { ok: false; missing: true };
let pool: WorkerPool<PoolJob, Reply> | undefined;

function workers(): WorkerPool<PoolJob, Reply> {
  pool ??= new WorkerPool<PoolJob, Reply>(new URL('./provenance-worker.ts', import.meta.url), 1, undefined, { idleTimeoutMs: 60_000 });
  return pool;
}

/** Material blocks a match reads: above the inline limit it is sent to the worker thread. */
function blockCount(material: Material): number {
  return material.sources.reduce((n, s) => n + (s.document.blocks?.length ?? 0), 0);
}

/**
 * A newly made book with the sources of its blocks written in (stamp-sources.ts), off the main thread for a
 * large material. Provenance is an addition: if it cannot be worked out in time the book is kept without it
 * (its blocks are then matched when read).
 */
export async function stampOffThread(
  material: Material,
  content: TextbookContent,
  opts: { inlineLimit?: number } = {},
): Promise<TextbookContent> {
  if (blockCount(material) <= (opts.inlineLimit ?? inlineLimitBlocks)) return stampSources(material, content);
  try {
    const reply = await workers().run({ stamp: content, material: slim(material) }, { timeoutMs: stampTimeoutMs });
    return reply.ok && 'stamped' in reply ? reply.stamped : content;
  } catch {
    return content;
  }
}

/** What the matching reads of the material: each document's blocks, never its text or the chunks' vectors. */
function slim(material: Material): Material {
  return {
    sources: material.sources.map((s) => ({ ...s, text: '', document: { ...s.document, text: '', images: undefined } })),
    chunks: [],
    imageUrls: material.imageUrls,
  };
}

/**
 * The provenance of a chapter. The material's match index is built once and held (chapter-provenance.ts): in
 * this thread for a small material, in the worker for a large one, where the material is only sent when the
 * worker does not hold its index yet.
 */
export async function matchOffThread(
  material: Material,
  chapter: ChapterText,
  chapterIndex: number,
  opts: { inlineLimit?: number; key?: string } = {},
): Promise<ProvenanceResponse> {
  return (await judgeOffThread(material, chapter, chapterIndex, opts)).answer;
}

/** matchOffThread, asking which pairs to judge by meaning too (`meaning: 'ask'`) or with their similarities. */
export async function judgeOffThread(
  material: Material,
  chapter: ChapterText,
  chapterIndex: number,
  opts: { inlineLimit?: number; key?: string; meaning?: MeaningInput } = {},
): Promise<Judged> {
  const key = opts.key ?? materialKey(material);
  if (blockCount(material) <= (opts.inlineLimit ?? inlineLimitBlocks))
    return judgeWith(indexOf(material, key), chapter, chapterIndex, opts.meaning);
  const plain = {
    title: chapter.title,
    content: chapter.content,
    sections: chapter.sections.map((s) => ({ title: s.title, content: s.content })),
  };
  const run = async (withMaterial: boolean): Promise<Reply> => {
    try {
      return await workers().run(
        { material: withMaterial ? slim(material) : null, chapter: plain, chapterIndex, key, meaning: opts.meaning },
        { timeoutMs },
      );
    } catch {
      throw new AppError(
        'INTERNAL',
        'Matching this chapter against its sources took too long. Please try again in a moment.',
        undefined,
        503,
      );
    }
  };
  let reply = await run(false);
  if (!reply.ok && 'missing' in reply) reply = await run(true);
  if (!reply.ok || !('answer' in reply)) throw new AppError('INTERNAL', 'This chapter could not be matched against its sources.');
  return { answer: reply.answer, questions: reply.questions, capped: reply.capped };
}

/** Closes the feature's worker threads (matching and page pictures) when the app closes. */
export async function closeProvenanceWorkers(): Promise<void> {
  await pool?.close();
  pool = undefined;
  await closePagePictures();
}
