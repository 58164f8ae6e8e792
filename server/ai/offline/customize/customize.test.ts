import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import { chunkDocument } from '@server/ingest/chunk';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import { createEmbedder, type Embedder } from '@server/ai/embeddings';
import type { EngineContext } from '@server/ai/engine';
import type { Material } from '@server/ai/material';
import { createRetriever } from '@server/ai/retrieval';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlToText } from '@common/textbook-ops/html';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { customizeStructure } from '../customize';
import { indexMaterial } from '../expand/material-index';
import { outline } from '../outline';
import { applicationsTitle } from './applications';
import { bookUnits, lostSentences, sentenceKeys } from '@server/ai/shared/units';
import { fixturePath } from '@server/test/fixture-path.support';

/** The offline restructuring on a real book: tracemonkey.pdf through extraction, chunking and the offline outline. */
let ctx: EngineContext;
let book: TextbookContent;
let embedder: Embedder;

beforeAll(async () => {
  const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/tracemonkey.pdf'))), 'tracemonkey.pdf');
  const chunks = chunkDocument(doc).map((c, i) => ({ id: i + 1, sourceId: 1, ordinal: i, headingPath: c.headingPath, text: c.text }));
  const material: Material = { sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }], chunks };
  // Chunks carry no vectors here, so retrieval ranks by BM25 and the encoder is never loaded.
  embedder = createEmbedder({
    embeddingsProvider: 'local',
    embeddingsBaseUrl: undefined,
    embeddingsApiKey: undefined,
    embeddingsModel: undefined,
  });
  ctx = { material, retriever: createRetriever(material, embedder) };
  book = await outline(ctx, { topic: 'Tracing JIT compilation', references: [] });
}, 120_000);
afterAll(() => embedder?.close());

function titles(content: TextbookContent): string[] {
  return content.chapters.map((c) => c.title);
}

async function unprocessable(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(422);
  return (err as AppError).message;
}

describe('offline customizeStructure on tracemonkey.pdf', () => {
  it('make a 10-week syllabus: exactly 10 chapters "Week N: ...", all content, in the original order', async () => {
    const { content, summary } = await customizeStructure(ctx, { book, guidance: 'Make a 10-week syllabus' });
    expect(content.chapters).toHaveLength(10);
    content.chapters.forEach((c, i) => expect(c.title).toMatch(new RegExp(`^Week ${i + 1}: \\S`)));
    expect(content.chapters.every((c) => c.sections.length > 0)).toBe(true);
    expect(lostSentences(book, content)).toEqual([]);
    // Regrouped, not reordered: the book reads the same from start to end.
    expect(sentenceKeys(content).join(' ')).toBe(sentenceKeys(book).join(' '));
    expect(summary).toMatch(/10-week syllabus/);
  });

  it('follow my class outline with weekly topics: one week per outline line, content placed by similarity', async () => {
    const document = [
      'Week 1: Introduction to dynamic languages and JIT compilation',
      'Week 2: Trace trees, type-specialized traces and blacklisting',
      'Week 3: Nested trace trees for nested loops',
      'Week 4: Optimizing trace trees with SSA and register allocation',
      'Week 5: Implementing the recorder and the trace monitor',
      'Week 6: Evaluation on benchmarks and related work',
    ].join('\n');
    const { content } = await customizeStructure(ctx, {
      book,
      guidance: 'Follow my class outline with weekly topics',
      originalDocument: document,
    });
    expect(titles(content)).toEqual([
      'Week 1: Introduction to dynamic languages and JIT compilation',
      'Week 2: Trace trees, type-specialized traces and blacklisting',
      'Week 3: Nested trace trees for nested loops',
      'Week 4: Optimizing trace trees with SSA and register allocation',
      'Week 5: Implementing the recorder and the trace monitor',
      'Week 6: Evaluation on benchmarks and related work',
    ]);
    expect(lostSentences(book, content)).toEqual([]);
    // The text of the book's "Evaluation" and "Nested Trace Tree Formation" chapters lands in the matching weeks;
    // "Benchmark results", all about traces and loops, follows "Evaluation" because the placement keeps the order.
    const weekOf = (sectionTitle: string) => content.chapters.findIndex((c) => c.sections.some((s) => s.title === sectionTitle));
    expect(book.chapters.find((c) => c.title === 'Evaluation')?.sections[0]?.title).toBe('Benchmark results');
    expect(weekOf('Overview of Evaluation')).toBe(5);
    expect(weekOf('Benchmark results')).toBe(5);
    expect(weekOf('Nesting Algorithm')).toBe(2);
  });

  it('make the structure more application-focused: every substantial chapter gains an applications section drawn from the material, nothing repeated', async () => {
    const { content } = await customizeStructure(ctx, { book, guidance: 'Make the structure more application-focused' });
    expect(lostSentences(book, content)).toEqual([]);
    const before = new Set(sentenceKeys(book));
    const material = new Set(indexMaterial(ctx.material).sentences.map((s) => sentenceKey(s.text)));
    let fromMaterial = 0;
    const substantial = content.chapters.filter(
      (c) => htmlToText([c.content, ...c.sections.map((x) => x.content)].join(' ')).split(' ').length > 400,
    );
    expect(substantial.length).toBeGreaterThanOrEqual(6);
    for (const chapter of substantial) {
      const section = chapter.sections.find((s) => s.title === applicationsTitle);
      expect(section, chapter.title).toBeDefined();
      // Moved out of the chapter's own text or new from the sources: always the material's own sentences.
      for (const s of fastSentences(htmlToText(section!.content))) {
        expect(before.has(sentenceKey(s)) || material.has(sentenceKey(s)), s).toBe(true);
        fromMaterial++;
      }
    }
    expect(fromMaterial).toBeGreaterThan(substantial.length);
    // Nothing repeated by the restructuring (a chapter's review restates its lead sentences on purpose, before and after alike).
    const repeats = (keys: string[]) => keys.length - new Set(keys).size;
    expect(repeats(sentenceKeys(content))).toBeLessThanOrEqual(repeats(sentenceKeys(book)));
  });

  it('split into beginner, intermediate and advanced: three labelled parts holding every chapter once', async () => {
    const { content } = await customizeStructure(ctx, { book, guidance: 'Split into beginner, intermediate and advanced' });
    expect(content.chapters).toHaveLength(book.chapters.length);
    const levels = content.chapters.map((c) => /^(Beginner|Intermediate|Advanced): /.exec(c.title)?.[1]);
    expect(levels.every(Boolean)).toBe(true);
    // Contiguous parts in level order.
    const order = levels.map((l) => ['Beginner', 'Intermediate', 'Advanced'].indexOf(l!));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(3);
    expect(content.chapters.map((c) => c.id).sort()).toEqual(book.chapters.map((c) => c.id).sort());
    expect(lostSentences(book, content)).toEqual([]);
  });

  it('follows free instructions it can parse, in turn', async () => {
    const { content, summary } = await customizeStructure(ctx, {
      book,
      guidance: 'Move Evaluation first.\nMerge Implementation and Related Work; make it 5 chapters',
    });
    expect(content.chapters).toHaveLength(5);
    expect(content.chapters[0].title).toMatch(/^Evaluation/);
    expect(lostSentences(book, content)).toEqual([]);
    expect(summary).toMatch(/Moved "Evaluation" to position 1\./);
  });

  it('refuses guidance it cannot act on, or that would delete content, with a clear message', async () => {
    expect(await unprocessable(customizeStructure(ctx, { book, guidance: 'Make it sparkle' }))).toMatch(
      /^I could not work out how to restructure the textbook from that guidance, so nothing was changed\./,
    );
    expect(await unprocessable(customizeStructure(ctx, { book, guidance: 'Remove chapter 2' }))).toMatch(
      /does not delete chapters or sections/,
    );
    expect(await unprocessable(customizeStructure(ctx, { book, guidance: 'Follow my class outline' }))).toMatch(
      /^Paste your class outline/,
    );
    expect(await unprocessable(customizeStructure(ctx, { book, guidance: 'Make a 500-week syllabus' }))).toMatch(
      /between 1 and 52 weeks|too little text/,
    );
  });

  it('keeps sections (with their ids) as the units it moves', () => {
    const units = bookUnits(book);
    expect(units.filter((u) => u.kind === 'section').map((u) => u.id)).toEqual(book.chapters.flatMap((c) => c.sections.map((s) => s.id)));
  });
});
