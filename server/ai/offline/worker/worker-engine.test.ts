import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTextbookContent, type TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import { runInRequestScope } from '@server/core/request-scope';
import type { Embedder } from '@server/ai/embeddings';
import type { EngineContext } from '@server/ai/engine';
import { emptyMaterial, type Material, type MaterialChunk } from '@server/ai/material';
import { createRetriever } from '@server/ai/retrieval';
import { OfflineWorkerEngine } from './worker-engine';

const ctx = { material: emptyMaterial(), retriever: { search: async () => [] } } as EngineContext;
function bookOf(raw: unknown): TextbookContent {
  const parsed = parseTextbookContent(raw);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.content;
}
const emptyBook = bookOf({ title: 'Empty', chapters: [{ title: 'Nothing yet', sections: [] }] });

const paragraphs = [
  'Glaciers are large masses of ice that form on land from compacted snow over many years and move slowly under their own weight.',
  'A glacier forms where more snow falls in winter than melts in summer, so the snow builds up and is pressed into dense glacial ice.',
  'Glaciers move by internal deformation of the ice and by sliding over their beds on a thin layer of meltwater beneath them.',
  'Moraines are ridges of rock and soil that a glacier pushes ahead of it or leaves behind along its sides when it retreats.',
  'Crevasses are deep cracks in the surface of a glacier that open where the ice flows over a bump or around a bend in its valley.',
];
const text = paragraphs.join('\n\n');

function glacierMaterial(): Material {
  const chunks: MaterialChunk[] = paragraphs.map((p, i) => ({
    id: i + 1,
    sourceId: 1,
    ordinal: i,
    headingPath: ['Glaciers'],
    text: p,
    embedding: [1, i],
  }));
  return {
    sources: [
      {
        id: 1,
        filename: 'glaciers.txt',
        mime: 'text/plain',
        text,
        document: {
          filename: 'glaciers.txt',
          mime: 'text/plain',
          text,
          blocks: paragraphs.map((p) => ({ kind: 'paragraph' as const, text: p })),
        } as Material['sources'][number]['document'],
      },
    ],
    chunks,
  };
}

/** A real embedder stand-in would be the bundled encoder; these vectors are exact so the test can count the calls that crossed. */
function countingEmbedder(): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    model: 'counting',
    texts,
    embed: async (batch) => {
      texts.push(...batch);
      return batch.map(() => [1, 0]);
    },
    close: async () => undefined,
  };
}

describe('the offline engine in worker threads', () => {
  let engine: OfflineWorkerEngine | undefined;
  afterEach(async () => {
    await engine?.close();
  });

  it('stops an operation over its time limit with a clear 503', async () => {
    engine = new OfflineWorkerEngine({ timeLimitsMs: { generateMaterial: 1 } });
    const err = await engine.generateMaterial(ctx, { book: emptyBook, contentType: 'quiz', chapterIndex: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    expect((err as AppError).message).toMatch(/^Generating this material took longer than \d+ seconds and was stopped\./);
  });

  it('starts a worker for the first operation, ends it once idle past its limit, and starts one again when needed', async () => {
    engine = new OfflineWorkerEngine({ idleTimeoutMs: 0 });
    expect(engine.startedWorkers).toBe(0);
    const refusal = () => engine!.generateMaterial(ctx, { book: emptyBook, contentType: 'quiz', chapterIndex: 0 }).catch((e: unknown) => e);
    expect(await refusal()).toBeInstanceOf(AppError);
    await vi.waitFor(() => expect(engine!.startedWorkers).toBe(0));
    const again = refusal();
    expect(engine.startedWorkers).toBe(1);
    expect(((await again) as AppError).status).toBe(422);
  });

  it("passes the engine's own refusals through unchanged (422 with their message)", async () => {
    engine = new OfflineWorkerEngine();
    const err = await engine.generateMaterial(ctx, { book: emptyBook, contentType: 'quiz', chapterIndex: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).code).toBe('UNPROCESSABLE');
    expect((err as AppError).message).toBe(
      'The chapter "Nothing yet" has no text to build a quiz from yet. Add or expand its content first.',
    );
  });

  it('composes a book in the worker and reports its progress here, moving forward', async () => {
    engine = new OfflineWorkerEngine();
    const progress: number[] = [];
    const book = await engine.outline(
      { material: glacierMaterial(), retriever: { search: async () => [] }, onProgress: (p) => progress.push(p) },
      { topic: 'Glaciers', references: [] },
    );
    const printed = book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]).join(' ');
    expect(printed).toContain('Moraines are ridges of rock and soil');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
  });

  it('answers the assistant inside the worker from the material alone: no search or query vector is asked of this thread', async () => {
    // The offline assistant ranks the blocks of the source map (pure functions of the material),
    // so a question costs no round trip to the request thread, whichever retriever it holds.
    engine = new OfflineWorkerEngine();
    const material = glacierMaterial();
    const embedder = countingEmbedder();
    const retriever = createRetriever(material, embedder);
    const queries: string[] = [];
    const spied = retriever.search.bind(retriever);
    retriever.search = async (...args) => {
      queries.push(args[0]);
      return spied(...args);
    };
    const answer = await engine.chat(
      { material, retriever },
      {
        message: 'What are moraines?',
        topic: 'Glaciers',
        content: bookOf({ title: 'Glaciers', chapters: [{ title: 'Ice', sections: [] }] }),
      },
    );
    expect(answer.message).toContain('Moraines are ridges of rock and soil');
    expect(queries).toEqual([]);
    expect(embedder.texts).toEqual([]);
  });

  it('cancels the operation when its request goes away', async () => {
    engine = new OfflineWorkerEngine();
    const controller = new AbortController();
    const running = runInRequestScope(controller.signal, () =>
      engine!.outline({ material: glacierMaterial(), retriever: { search: async () => [] } }, { topic: 'Glaciers', references: [] }),
    );
    controller.abort();
    const err = await running.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe('Composing the textbook was cancelled.');
    // The pool is whole again: the next operation runs.
    const book = await engine.outline(
      { material: glacierMaterial(), retriever: { search: async () => [] } },
      { topic: 'Glaciers', references: [] },
    );
    expect(book.chapters.length).toBeGreaterThan(0);
  });
});
