import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TextbookContent } from '../../../../common/textbook';
import { chunkDocument } from '../../../ingest/chunk';
import { extractPdf } from '../../../ingest/pdf/pdf-extract';
import { createEmbedder, embeddingInput } from '../../embeddings';
import type { ExtractedDocument, Material } from '../../material';
import { fastSentences } from '../compose/fast-sentences';
import { htmlBlocks, htmlToText } from '../compose/html';
import { sentenceKey } from '../compose/sentence-filter';
import { outline } from '../outline';
import { topicOnlyNotice } from './skeleton';
import { fixturePath } from '../../../test/fixture-path';

const corpus = (name: string) => fixturePath(`pdf/${name}`);
const noRetrieval = { search: async () => [] };

function materialOf(doc: ExtractedDocument): Material {
  return { sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }], chunks: [] };
}

/** Body sentences: everything printed except the connective "This chapter covers ..." lines. */
function bodySentences(book: TextbookContent): string[] {
  const html = book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]);
  return html
    .flatMap((h) => htmlBlocks(h).map(htmlToText))
    .filter((p) => !/^This chapter covers /.test(p))
    .flatMap((p) => fastSentences(p));
}

describe('offline outline on tracemonkey.pdf', () => {
  let doc: ExtractedDocument;
  let book: TextbookContent;
  const progress: number[] = [];

  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(corpus('tracemonkey.pdf'))), 'tracemonkey.pdf');
    book = await outline({ material: materialOf(doc), retriever: noRetrieval, onProgress: (p) => progress.push(p) }, { topic: 'Tracing JIT compilers', references: [] });
  }, 60_000);

  it('has at least 4 chapters, most with 2 or more sections of 2 or more paragraphs', () => {
    expect(book.chapters.length).toBeGreaterThanOrEqual(4);
    const full = book.chapters.filter((c) => c.sections.filter((s) => htmlBlocks(s.content).length >= 2).length >= 2);
    expect(full.length).toBeGreaterThan(book.chapters.length / 2);
  });

  it('follows the paper\'s own section headings, with distinct chapter titles', () => {
    const titles = book.chapters.map((c) => c.title);
    expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(titles.length);
    for (const heading of ['Introduction', 'Trace Trees', 'Nested Trace Tree Formation', 'Trace Tree Optimization', 'Implementation', 'Evaluation', 'Related Work']) {
      expect(titles).toContain(heading);
    }
    // Back matter is not a chapter, and numbering is not part of a title.
    expect(titles).not.toContain('References');
    expect(titles.some((t) => /^\d/.test(t))).toBe(false);
    const trees = book.chapters.find((c) => c.title === 'Trace Trees');
    expect(trees?.sections.map((s) => s.title)).toEqual(['Traces', 'Trace Trees', 'Blacklisting']);
  });

  it('prints source sentences (at least 90% found in the paper), never the same one twice', () => {
    const sentences = bodySentences(book);
    expect(sentences.length).toBeGreaterThan(150);
    const source = sentenceKey(doc.text);
    const found = sentences.filter((s) => source.includes(sentenceKey(s)));
    expect(found.length / sentences.length).toBeGreaterThanOrEqual(0.9);
    const keys = sentences.map(sentenceKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every chapter an introduction and keeps debris out', () => {
    for (const c of book.chapters) expect(htmlToText(c.content).length).toBeGreaterThan(40);
    const text = book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]).map(htmlToText).join(' ');
    expect(text).not.toMatch(/Permission to make digital|Copyright|PLDI|@mozilla|Keywords JavaScript/);
    expect(text).not.toMatch(/\p{Ll}- \p{Ll}/u);
    expect(text).not.toMatch(/\[\d+\] [A-Z]\./);
  });

  it('reports progress from 0 to 100 in order', () => {
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});

describe('offline outline on material without headings', () => {
  it('clusters the chunks by embedding into 4-12 chapters of 2-6 sections, titled by key phrases', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(corpus('tracemonkey.pdf'))), 'tracemonkey.pdf');
    const flat: ExtractedDocument = { ...doc, blocks: doc.blocks.filter((b) => b.kind !== 'heading') };
    const embedder = createEmbedder({ embeddingsProvider: 'local', embeddingsBaseUrl: undefined, embeddingsApiKey: undefined, embeddingsModel: undefined });
    const drafts = chunkDocument(flat);
    const vectors = await embedder.embed(drafts.map((c) => embeddingInput(c.text, c.headingPath))).finally(() => embedder.close());
    const material: Material = {
      sources: [{ id: 1, filename: 'flat.pdf', mime: doc.mime, text: doc.text, document: flat }],
      chunks: drafts.map((c, i) => ({ id: i + 1, sourceId: 1, ordinal: i, headingPath: c.headingPath, text: c.text, embedding: vectors[i] })),
    };
    const book = await outline({ material, retriever: noRetrieval }, { topic: 'Tracing', references: [] });
    expect(book.chapters.length).toBeGreaterThanOrEqual(4);
    expect(book.chapters.length).toBeLessThanOrEqual(12);
    for (const c of book.chapters) {
      expect(c.sections.length).toBeGreaterThanOrEqual(2);
      expect(c.sections.length).toBeLessThanOrEqual(6);
    }
    const titles = book.chapters.flatMap((c) => [c.title, ...c.sections.map((s) => s.title)]);
    expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(titles.length);
    expect(titles.some((t) => /^Part \d/.test(t))).toBe(false);
    const keys = bodySentences(book).map(sentenceKey);
    expect(new Set(keys).size).toBe(keys.length);
    const source = sentenceKey(doc.text);
    expect(keys.filter((k) => source.includes(k)).length / keys.length).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});

describe('offline outline with only a topic', () => {
  it('makes an honest skeleton with guidance and a notice', async () => {
    const material: Material = {
      sources: [{ id: 1, filename: 'topic.txt', mime: 'text/plain', text: 'Topic: Marine Biology', document: { filename: 'topic.txt', mime: 'text/plain', text: 'Topic: Marine Biology', blocks: [] } }],
      chunks: [],
    };
    const book = await outline({ material, retriever: noRetrieval }, { topic: 'marine biology', references: [] });
    expect(book.notice).toBe(topicOnlyNotice);
    expect(book.chapters.length).toBeGreaterThanOrEqual(4);
    expect(book.chapters[0].title).toBe('Introduction to Marine Biology');
    for (const c of book.chapters) {
      expect(c.sections.length).toBeGreaterThanOrEqual(2);
      for (const s of c.sections) expect(htmlToText(s.content)).toMatch(/^Guidance: /);
    }
  });
});
