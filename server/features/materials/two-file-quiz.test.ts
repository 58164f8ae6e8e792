import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuizQuestion } from '@common/materials';
import type { TextbookContent } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';
import { buildMaterial } from '@server/ai/offline/materials';
import { bookBasis } from '@server/ai/offline/materials/book-basis';
import { buildScope } from '@server/ai/offline/materials/scope';
import { composeFromDocuments } from '@server/ai/offline/outline/tree-book';
import { materialHtml } from '@server/ai/shared/apparatus-html';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import { extractTxt } from '@server/ingest/txt-extract';
import { materialOf } from '@server/test/ai/material.support';
import { fixturePath } from '@server/test/fixture-path.support';
import { stampSources } from '../provenance/stamp-sources';

/** A book made of a JIT-compiler paper and statistics notes, its blocks stamped with their sources as generation does. */
describe('the quiz of a book made of two unrelated files', () => {
  let book: TextbookContent;
  beforeAll(async () => {
    const paper = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/tracemonkey.pdf'))), 'tracemonkey.pdf');
    const notes = extractTxt(new Uint8Array(readFileSync(fixturePath('course/stats-week1.md'))), 'stats-week1.md');
    const material = materialOf([paper, notes]);
    book = stampSources(material, composeFromDocuments(material, { title: 'Tracing JIT compilers and statistics' }));
  }, 60_000);

  it('a chapter quiz offers wrong options from its own file only (the other file’s terms give the item away)', () => {
    const fileOf = (i: number) => {
      const html = [book.chapters[i].content, ...book.chapters[i].sections.map((s) => s.content)].join('');
      const ids = [...html.matchAll(/data-src="(\d+):/g)].map((m) => m[1]);
      return ids.sort((a, b) => ids.filter((x) => x === b).length - ids.filter((x) => x === a).length)[0];
    };
    const textOf = (i: number) =>
      htmlToText([book.chapters[i].content, ...book.chapters[i].sections.map((s) => s.content)].map(materialHtml).join(' ')).toLowerCase();
    expect(new Set(book.chapters.map((_, i) => fileOf(i))).size).toBe(2);
    const fileText = (file: string) => book.chapters.map((__, i) => (fileOf(i) === file ? textOf(i) : '')).join(' ');
    const texts = [...new Set(book.chapters.map((_, i) => fileOf(i)))].map(fileText);
    const squash = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    let options = 0;
    book.chapters.forEach((_, chapterIndex) => {
      let quiz: QuizQuestion[] = [];
      try {
        quiz = (buildMaterial({ book, contentType: 'quiz', chapterIndex }).content as { questions: QuizQuestion[] }).questions;
      } catch {
        return;
      }
      for (const q of quiz.filter((x) => x.type === 'multiple-choice')) {
        // The file the question was asked from: the one whose text holds the sentence it quotes.
        const own = texts.filter((t) => squash(t).includes(squash(q.source ?? '').slice(0, 60)));
        expect(own, q.prompt).toHaveLength(1);
        for (const o of q.options ?? []) {
          options++;
          expect(own[0], `${q.prompt} [${q.options}]`).toContain(o.toLowerCase());
        }
      }
    });
    expect(options).toBeGreaterThan(20);
  });

  it('the quiz on the whole book offers each item wrong options from the file its sentence is in', () => {
    const textOf = (i: number) =>
      htmlToText([book.chapters[i].content, ...book.chapters[i].sections.map((s) => s.content)].map(materialHtml).join(' ')).toLowerCase();
    const basis = bookBasis(book);
    const files = [...new Set(basis.chapterFiles)];
    const texts = files.map((f) => book.chapters.map((_, i) => (basis.chapterFiles[i] === f ? textOf(i) : '')).join(' '));
    const squash = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    const quiz = (buildMaterial({ book, contentType: 'quiz' }).content as { questions: QuizQuestion[] }).questions;
    let options = 0;
    for (const q of quiz.filter((x) => x.type === 'multiple-choice')) {
      const own = texts.filter((t) => squash(t).includes(squash(q.source ?? '').slice(0, 60)));
      expect(own, q.prompt).toHaveLength(1);
      for (const o of q.options ?? []) {
        options++;
        expect(own[0], `${q.prompt} [${q.options}]`).toContain(o.toLowerCase());
      }
    }
    expect(options).toBeGreaterThan(8);
  });

  it("the book's reading sorts its distractor pool by file once; each chapter's scope draws on its own file's share", () => {
    const basis = bookBasis(book);
    expect(basis.poolByFile.size).toBe(2);
    book.chapters.forEach((_, i) => {
      const own = basis.chapterFiles[i];
      // The terms used in a chapter of the same file, read off the pool anew.
      const expected = basis.pool.filter((t) => [...t.chapterCounts.keys()].some((c) => basis.chapterFiles[c] === own));
      const pool = buildScope(book, i, [i], basis).pool;
      expect(pool, book.chapters[i].title).toEqual(own === undefined ? basis.pool : expected);
      if (own !== undefined) expect(pool.length).toBeLessThan(basis.pool.length);
    });
  });
});
