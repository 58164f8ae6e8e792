import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { chunkDocument } from '@server/ingest/chunk';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import { createEmbedder, embeddingInput } from '@server/ai/embeddings';
import type { ExtractedDocument, Material } from '@server/ai/material';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { isReviewSection, reviewSectionTitle } from '@server/ai/shared/apparatus-html';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { outline } from '../outline';
import { topicOnlyNotice } from './skeleton';
import { fixturePath } from '@server/test/fixture-path.support';

const corpus = (name: string) => fixturePath(`pdf/${name}`);
const noRetrieval = { search: async () => [] };

function materialOf(doc: ExtractedDocument): Material {
  return { sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }], chunks: [] };
}

/** The teaching apparatus the composer adds around the material's own text (it restates the material on purpose). */
const apparatus = /^(Overview|Learning Objectives|Summary|Key Terms|Review Questions)$/;

/** Body sentences: everything printed from the material, without the chapter openings and reviews. */
function bodySentences(book: TextbookContent): string[] {
  const html = book.chapters.flatMap((c) => [c.content, ...c.sections.filter((s) => !isReviewSection(s.title)).map((s) => s.content)]);
  const out: string[] = [];
  for (const h of html) {
    let skip = false;
    for (const block of htmlBlocks(h)) {
      if (/^<hr ?\/?>$/.test(block)) {
        skip = false;
        continue;
      }
      const heading = /^<h[3-6]>(.*)<\/h[3-6]>$/.exec(block);
      if (heading) {
        skip = apparatus.test(heading[1]);
        continue;
      }
      if (!skip) out.push(...fastSentences(htmlToText(block)));
    }
  }
  return out;
}

const titleKey = (t: string) =>
  t
    .toLowerCase()
    .replace(/^[\d.]+\s*/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

describe('offline outline on tracemonkey.pdf', () => {
  let doc: ExtractedDocument;
  let book: TextbookContent;
  const progress: number[] = [];

  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(corpus('tracemonkey.pdf'))), 'tracemonkey.pdf');
    book = await outline(
      { material: materialOf(doc), retriever: noRetrieval, onProgress: (p) => progress.push(p) },
      { topic: 'Tracing JIT compilers', references: [] },
    );
  }, 60_000);

  it("follows the paper's own headings, every one in its order: sections as chapters, subsections as sections", () => {
    const titles = book.chapters.map((c) => c.title);
    for (const heading of [
      'Introduction',
      'Trace Trees',
      'Nested Trace Tree Formation',
      'Trace Tree Optimization',
      'Implementation',
      'Evaluation',
      'Related Work',
    ]) {
      expect(titles).toContain(heading);
    }
    // The reference list is the book's references, not a chapter; numbering is not part of a title; no numbered copies.
    expect(titles).not.toContain('References');
    expect(titles.some((t) => /^\d/.test(t) || /\(\d+\)$/.test(t))).toBe(false);
    const trees = book.chapters.find((c) => c.title === 'Trace Trees');
    expect(trees?.sections.map((s) => s.title)).toEqual(['Traces', 'Trace Trees', 'Blacklisting', reviewSectionTitle]);
    // Headings below the sections' level are kept inside their text (<h4>, <h5>).
    const inner = (html: string) => [...html.matchAll(/<h[3-6][^>]*>(.*?)<\/h[3-6]>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
    const inBook = book.chapters
      .flatMap((c) => [c.title, ...inner(c.content), ...c.sections.flatMap((s) => [s.title, ...inner(s.content)])])
      .map(titleKey);
    const own = doc.blocks.filter((b) => b.kind === 'heading' && !/^references$/i.test(titleKey(b.text))).map((b) => titleKey(b.text));
    let at = 0;
    const found = own.filter((h) => {
      const i = inBook.indexOf(h, at);
      if (i < 0) return false;
      at = i + 1;
      return true;
    });
    expect(found.length / own.length).toBeGreaterThanOrEqual(0.9);
  });

  it("keeps the paper's text: most of its words, source sentences in reading order, none printed twice", () => {
    const sentences = bodySentences(book);
    const sourceWords = doc.text.split(/\s+/).length;
    expect(sentences.join(' ').split(/\s+/).length / sourceWords).toBeGreaterThanOrEqual(0.5);
    const source = sentenceKey(doc.text);
    const found = sentences.filter((s) => source.includes(sentenceKey(s)));
    expect(found.length / sentences.length).toBeGreaterThanOrEqual(0.9);
    // A sentence is printed at most as often as the paper itself has it (two figure captions share one sentence).
    const keys = sentences.map(sentenceKey).filter((k) => k.length > 30);
    const inSource = (k: string) => source.split(k).length - 1;
    expect(keys.filter((k, i) => keys.indexOf(k) !== i && keys.filter((x) => x === k).length > inSource(k))).toEqual([]);
  });

  it('opens chapters with an overview and objectives, closes them with a review drawn from them, and keeps debris out', () => {
    const withSections = book.chapters.filter((c) => c.sections.length > 0);
    expect(withSections.length).toBeGreaterThanOrEqual(4);
    // Objectives only where a chapter does something specific (defines, compares, works an example).
    expect(withSections.some((c) => c.content.includes('<h3>Learning Objectives</h3>'))).toBe(true);
    for (const c of withSections) {
      expect(c.content).toContain('<h3>Overview</h3><p>This chapter covers ');
      const objectives = /<h3>Learning Objectives<\/h3><p>[^<]*<\/p><ul>([\s\S]*?)<\/ul>/.exec(c.content)?.[1] ?? '';
      for (const o of objectives.matchAll(/<li><p>(.*?)<\/p><\/li>/g))
        expect(o[1]).toMatch(/^(?:Define|Distinguish|Apply|Compute|Prove|Write) /);
      const review = c.sections[c.sections.length - 1];
      expect(review.title).toBe(reviewSectionTitle);
      expect(review.content).toContain('<h3>Summary</h3>');
    }
    const text = book.chapters
      .flatMap((c) => [c.content, ...c.sections.map((s) => s.content)])
      .map(htmlToText)
      .join(' ');
    // The paper's permission notice and keywords are its own text: kept where they stand, never in a summary or a key term.
    expect(text).toContain('Permission to make digital or hard copies of all or part of this work');
    const apparatus = book.chapters
      .flatMap((c) => c.sections.filter((s) => s.title === reviewSectionTitle).map((s) => htmlToText(s.content)))
      .join(' ');
    expect(apparatus).not.toMatch(/Permission to make digital|Copyright|@mozilla|Keywords JavaScript/);
    expect(text).not.toMatch(/@mozilla/);
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
  it('keeps the text in reading order, cut into 4-12 chapters of 2-6 sections where the topic changes, titled by key phrases', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(corpus('tracemonkey.pdf'))), 'tracemonkey.pdf');
    const flat: ExtractedDocument = { ...doc, blocks: doc.blocks.filter((b) => b.kind !== 'heading') };
    const embedder = createEmbedder({
      embeddingsProvider: 'local',
      embeddingsBaseUrl: undefined,
      embeddingsApiKey: undefined,
      embeddingsModel: undefined,
    });
    const drafts = chunkDocument(flat);
    const vectors = await embedder.embed(drafts.map((c) => embeddingInput(c.text, c.headingPath))).finally(() => embedder.close());
    const material: Material = {
      sources: [{ id: 1, filename: 'flat.pdf', mime: doc.mime, text: doc.text, document: flat }],
      chunks: drafts.map((c, i) => ({
        id: i + 1,
        sourceId: 1,
        ordinal: i,
        headingPath: c.headingPath,
        text: c.text,
        embedding: vectors[i],
      })),
    };
    const book = await outline({ material, retriever: noRetrieval }, { topic: 'Tracing', references: [] });
    expect(book.chapters.length).toBeGreaterThanOrEqual(4);
    expect(book.chapters.length).toBeLessThanOrEqual(12);
    for (const c of book.chapters) {
      const own = c.sections.filter((s) => !isReviewSection(s.title));
      // A chapter of at least two sections' worth of words (2 x 450) is cut into 2-6 sections; a shorter one keeps its text whole.
      const words = htmlToText(c.content + own.map((s) => s.content).join(' ')).split(/\s+/).length;
      if (own.length === 0) expect(words).toBeLessThan(1300);
      else {
        expect(own.length).toBeGreaterThanOrEqual(2);
        expect(own.length).toBeLessThanOrEqual(6);
      }
    }
    expect(book.chapters.filter((c) => c.sections.length > 0).length).toBeGreaterThanOrEqual(book.chapters.length - 1);
    const titles = book.chapters.flatMap((c) => [c.title, ...c.sections.filter((s) => !isReviewSection(s.title)).map((s) => s.title)]);
    expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(titles.length);
    expect(titles.some((t) => /^Part \d/.test(t))).toBe(false);
    const keys = bodySentences(book).map(sentenceKey);
    const source = sentenceKey(doc.text);
    // A sentence is printed at most as often as the paper has it.
    expect(keys.filter((k, i) => keys.indexOf(k) !== i && keys.filter((x) => x === k).length > source.split(k).length - 1)).toEqual([]);
    expect(keys.filter((k) => source.includes(k)).length / keys.length).toBeGreaterThanOrEqual(0.9);
    // Reading order: the sentences follow the paper's own order.
    const positions = keys.map((k) => source.indexOf(k)).filter((i) => i >= 0);
    expect(positions.filter((p, i) => i > 0 && p < positions[i - 1]).length / positions.length).toBeLessThanOrEqual(0.05);
  }, 120_000);
});

describe('offline outline with only a topic', () => {
  it('makes an honest skeleton with guidance and a notice', async () => {
    const material: Material = {
      sources: [
        {
          id: 1,
          filename: 'topic.txt',
          mime: 'text/plain',
          text: 'Topic: Marine Biology',
          document: { filename: 'topic.txt', mime: 'text/plain', text: 'Topic: Marine Biology', blocks: [] },
        },
      ],
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
