import { prepareReader } from '@common/book-render/reader-prepared';
import type { TextbookContent } from '@common/textbook';
import { WorkerPool } from '@server/core/worker-pool';

/**
 * The reader page's numbered text, glossary and index (common/book-render/reader-prepared.ts) as JSON, made off the
 * main thread for a large book: it parses every chapter's HTML, a few seconds for a 5 MB book, which on the main
 * thread would stall every request meanwhile (docs/decisions.md "CPU-heavy work off the main thread").
 */

/** Up to this much HTML the work stays on the main thread (tens of milliseconds; a worker's start costs more). */
const inlineLimitChars = 256 * 1024;
const workerTimeoutMs = 60_000;

export function prepareReaderJson(content: TextbookContent): string {
  return JSON.stringify(prepareReader(content));
}

const htmlChars = (content: TextbookContent) =>
  content.chapters.reduce((n, c) => n + c.content.length + c.sections.reduce((m, s) => m + s.content.length, 0), 0);

type Reply = { ok: true; output: string } | { ok: false; detail: string };
let pool: WorkerPool<TextbookContent, Reply> | undefined;

function workers(): WorkerPool<TextbookContent, Reply> {
  // One thread, ended after a minute unused: a reader link's first visit at a new revision is rare.
  pool ??= new WorkerPool<TextbookContent, Reply>(new URL('./reader-prepare-worker.ts', import.meta.url), 1, undefined, {
    idleTimeoutMs: 60_000,
  });
  return pool;
}

/** prepareReaderJson, in a worker thread for a large book; undefined when it failed (the page then shows the stored text). */
export async function prepareReaderJsonOffThread(content: TextbookContent): Promise<string | undefined> {
  if (htmlChars(content) <= inlineLimitChars) return prepareReaderJson(content);
  const reply = await workers()
    .run(content, { timeoutMs: workerTimeoutMs })
    .catch((err: unknown) => ({ ok: false as const, detail: (err as Error).message }));
  return reply.ok ? reply.output : undefined;
}

export async function closeReaderPrepareWorkers(): Promise<void> {
  await pool?.close();
  pool = undefined;
}
