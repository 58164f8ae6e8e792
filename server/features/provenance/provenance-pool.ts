import type { ProvenanceResponse } from '@common/provenance';
import type { TextbookContent } from '@common/textbook';
import { htmlBlocks } from '@common/textbook-ops/html';
import type { Material } from '@server/ai/material';
import { AppError } from '@server/core/app-error';
import { WorkerPool } from '@server/core/worker-pool';
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
import { stampBody, stampSources } from './stamp-sources';

/**
 * Matching a chapter against a large material is CPU work (about 0.3 s of CPU for 100,000 words
 * and 100 sections: bench:provenance), so it runs in a worker thread (docs/decisions.md "CPU-heavy
 * work off the main thread"). A small material is matched in place: sending it costs more than that.
 */
const inlineLimitBlocks = 2_000;
const timeoutMs = 30_000;
/** A whole book is many chapters. */
const stampTimeoutMs = 120_000;

/** A chapter to match, a whole book to stamp with its sources, or some bodies to stamp against a held index (stamp-sources.ts). */
export type PoolJob =
  | ProvenanceJob
  | { stamp: TextbookContent; material: Material }
  | { stampBodies: string[]; keep: string[]; material: Material | null; key: string };
type Reply =
  | { ok: true; bodies: string[] }
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

/** The blocks of some HTML (top-level, and each item of a top-level list): what stamping leaves alone. */
function blocksOf(htmls: string[]): Set<string> {
  const out = new Set<string>();
  for (const html of htmls)
    for (const raw of htmlBlocks(html)) {
      out.add(raw);
      const list = /^<(ul|ol)\b[^>]*>([\s\S]*)<\/\1>$/i.exec(raw);
      if (list) for (const item of htmlBlocks(list[2])) out.add(item);
    }
  return out;
}

const bodiesOf = (content: TextbookContent | null) =>
  (content?.chapters ?? []).flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]);

/**
 * Text a tool added to a book (Expand, a generated section, a restructure, the assistant) with the sources of its
 * new blocks written in, like a new book's (stamp-sources.ts): blocks `before` already held are left exactly as
 * they are, blocks that carry a source keep it. Provenance is an addition: if it cannot be worked out, the text
 * is kept without it (its blocks are then matched when read).
 */
export async function stampNewText(material: Material, before: TextbookContent | null, after: TextbookContent): Promise<TextbookContent> {
  if (material.sources.length === 0) return after;
  const old = new Set(bodiesOf(before));
  const fresh = [...new Set(bodiesOf(after).filter((h) => h && !old.has(h)))];
  if (fresh.length === 0) return after;
  let stamped: string[];
  try {
    stamped = await stampBodiesOffThread(material, fresh, blocksOf([...old]));
  } catch {
    return after;
  }
  const byHtml = new Map(fresh.map((h, i) => [h, stamped[i]]));
  const put = (html: string) => byHtml.get(html) ?? html;
  return {
    ...after,
    chapters: after.chapters.map((c) => ({
      ...c,
      content: put(c.content),
      sections: c.sections.map((s) => ({ ...s, content: put(s.content) })),
    })),
  };
}

/** Some HTML a tool wrote (an expanded paragraph, a section) with the sources of its blocks that `kept` does not hold. */
export async function stampHtml(material: Material, html: string, kept: string[] = []): Promise<string> {
  if (material.sources.length === 0 || !html) return html;
  try {
    return (await stampBodiesOffThread(material, [html], blocksOf(kept)))[0];
  } catch {
    return html;
  }
}

async function stampBodiesOffThread(material: Material, bodies: string[], keep: Set<string>): Promise<string[]> {
  const key = materialKey(material);
  if (blockCount(material) <= inlineLimitBlocks) {
    const { index } = indexOf(material, key);
    return index ? bodies.map((html) => stampBody(index, html, keep)) : bodies;
  }
  const run = (withMaterial: boolean) =>
    workers().run(
      { stampBodies: bodies, keep: [...keep], material: withMaterial ? slim(material) : null, key },
      { timeoutMs: stampTimeoutMs },
    );
  let reply = await run(false);
  if (!reply.ok && 'missing' in reply) reply = await run(true);
  if (!reply.ok || !('bodies' in reply)) throw new Error('stamping failed');
  return reply.bodies;
}

/** Closes the feature's worker threads (matching and page pictures) when the app closes. */
export async function closeProvenanceWorkers(): Promise<void> {
  await pool?.close();
  pool = undefined;
  await closePagePictures();
}
