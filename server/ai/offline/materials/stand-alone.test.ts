import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuizQuestion } from '@common/materials';
import type { TextbookContent } from '@common/textbook';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import { extractTxt } from '@server/ingest/txt-extract';
import { fixturePath } from '@server/test/fixture-path.support';
import type { ExtractedDocument } from '@server/ai/material';
import { materialHtml } from '@server/ai/shared/apparatus-html';
import { htmlToText } from '@common/textbook-ops/html';
import { standaloneProblem } from '@server/ai/shared/standalone';
import { buildMaterial } from '../materials';
import { composeFromDocuments } from '../outline/tree-book';
import { materialOf } from '@server/test/ai/material.support';

describe('the stand-alone rules for a question built from a sentence', () => {
  it('asks for a named subject, seven words or more, a demonstrative with its noun, nothing out of sight', () => {
    expect(standaloneProblem('A mesh network is self-healing because every device can reach every other device.')).toBeUndefined();
    expect(standaloneProblem('Because this probability is very small, the null hypothesis is rejected here by most analysts.')).toBe(
      'points to something not shown',
    );
    expect(standaloneProblem('It all happens in the blink of an eye.')).toBe('opens with a pronoun or a pointer back');
    expect(standaloneProblem('I imagine it complementing the _____.')).toBe('opens in the first or second person');
    expect(standaloneProblem('Let’s consider two continuous variables, precipitation and biomass.')).toBe(
      'opens in the first or second person',
    );
    expect(standaloneProblem('Most local area networks (LANs) operate in this way.')).toBe('"this"/"these" without its noun');
    expect(standaloneProblem('Packets travel along routes.')).toBe('under 7 words');
    expect(standaloneProblem('The error on the left graph is quite small, which makes the relationship clear.')).toBe(
      'points to something not shown',
    );
    expect(standaloneProblem('For each 1 unit increase in precipitation, we get a […] unit increase in biomass.')).toBe(
      'has text left out',
    );
    expect(standaloneProblem('The function lm() is the one we will be using for the rest of the semester.')).toBe(
      'is about the course, not the subject',
    );
    expect(standaloneProblem('Note: you can take the intercept out of the model with a minus one.')).toBe(
      'opens in the first or second person',
    );
    expect(
      standaloneProblem('Diagram: Fecal samples; culture; Isolates; DNA extraction & Illumina sequencing; raw DNA sequencing results.'),
    ).toBe("is a drawing's labels, not a sentence");
  });
});

const kind = (x: string) =>
  /^[\d.,%x×\s-]+$/.test(x.trim()) ? 'number' : /^\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)+$/u.test(x) ? 'name' : 'words';
const lead = /^(?:fill in the blank|true or false)\s*:\s*/i;

const material = (...docs: ExtractedDocument[]) => materialOf(docs);

describe('quizzes a teacher could hand out', () => {
  let book: TextbookContent;
  beforeAll(async () => {
    const paper = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/tracemonkey.pdf'))), 'tracemonkey.pdf');
    const notes = extractTxt(new Uint8Array(readFileSync(fixturePath('course/stats-week1.md'))), 'stats-week1.md');
    book = composeFromDocuments(material(paper, notes), { title: 'Tracing JIT compilers and statistics' });
  }, 60_000);

  it('every question stands alone, its options are of the answer’s kind, and a chapter over 1,500 words has at least 5', () => {
    let questions = 0;
    let failing = 0;
    book.chapters.forEach((chapter, chapterIndex) => {
      const words = htmlToText([chapter.content, ...chapter.sections.map((s) => s.content)].map(materialHtml).join(' ')).split(
        /\s+/,
      ).length;
      let quiz: QuizQuestion[] = [];
      try {
        quiz = (buildMaterial({ book, contentType: 'quiz', chapterIndex }).content as { questions: QuizQuestion[] }).questions;
      } catch {
        // A chapter too short for a quiz is refused with a message; only long chapters must have one.
      }
      if (words > 1500) expect(quiz.length, chapter.title).toBeGreaterThanOrEqual(5);
      for (const q of quiz) {
        questions++;
        if (lead.test(q.prompt) && standaloneProblem(q.prompt.replace(lead, ''))) failing++;
        if (q.type === 'multiple-choice')
          for (const o of q.options ?? []) expect(kind(o), `${q.prompt} [${q.options}]`).toBe(kind(q.answer));
        expect(q.prompt).not.toMatch(/as the material states it|main ideas of|key terms used in|to a new example|trade-offs of/i);
      }
    });
    expect(questions).toBeGreaterThan(20);
    expect(failing / questions).toBeLessThanOrEqual(0.1);
  });
});
