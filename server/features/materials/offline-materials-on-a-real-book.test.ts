import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AssessmentContent,
  HomeworkContent,
  LessonPlanContent,
  MaterialResponseItem,
  QuizContent,
  QuizQuestion,
} from '@common/materials';
import type { TextbookContent } from '@common/textbook';
import { countWords } from '@server/core/nlp';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { chapterText, stripCitations } from '@server/ai/shared/book-sentences';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { fixturePath } from '@server/test/fixture-path.support';
import { isFigure, statesValue } from '@server/test/ai/states-value.support';
import { generateOutline } from '@server/test/upload-forms.support';

/**
 * Offline materials on a textbook made from tracemonkey.pdf through the real
 * pipeline (ingest, embed, outline), generated through the route. The book is
 * built once: ingesting the PDF takes tens of seconds.
 */
const h = useHarness();
let alice: TestUser;
let textbookId: number;
let book: TextbookContent;
let chapterIndex: number;
let chapter: string;
const generated: Record<string, MaterialResponseItem> = {};

const key = (text: string) => ` ${sentenceKey(text)} `;
const contains = (haystack: string, needle: string) => key(haystack).includes(key(needle));
/** Prompts and model answers drop citation markers ("(16)"): compare against the chapter both ways. */
const inChapter = (sentence: string) => contains(chapter, sentence) || contains(stripCitations(chapter), sentence);

async function generate(contentType: string, index?: number): Promise<MaterialResponseItem> {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/textbooks/${textbookId}/materials`,
    payload: { contentType, chapterIndex: index },
    headers: { cookie: alice.cookie },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  return res.json().material;
}

beforeAll(async () => {
  alice = await h.createUser('alice');
  const pdf = readFileSync(fixturePath('pdf/tracemonkey.pdf'));
  const res = await generateOutline(h, alice, [
    { name: 'topic', value: 'Tracing JIT compilers' },
    { name: 'files', filename: 'tracemonkey.pdf', type: 'application/pdf', data: pdf },
  ]);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  textbookId = res.json().textbookId;
  book = res.json().textbookContent;
  // The longest chapter: the one the "at least 10 questions" rule is about.
  const words = book.chapters.map((_, i) => countWords(chapterText(book, i)));
  chapterIndex = words.indexOf(Math.max(...words));
  chapter = chapterText(book, chapterIndex);
  for (const type of ['quiz', 'assessment', 'lessonPlan', 'homework']) generated[type] = await generate(type, chapterIndex);
  generated.bookQuiz = await generate('quiz');
}, 240_000);

const quiz = () => (generated.quiz.content as QuizContent).questions;
const bookQuiz = () => (generated.bookQuiz.content as QuizContent).questions;
const choices = () => [...quiz(), ...bookQuiz()].filter((q) => q.type === 'multiple-choice');
const distractors = (q: QuizQuestion) => (q.options ?? []).filter((o) => o !== q.answer);

describe('offline quiz on a tracemonkey.pdf textbook', () => {
  it('has at least 10 questions for a chapter of 1,500 words or more', () => {
    expect(countWords(chapter)).toBeGreaterThanOrEqual(1500);
    expect(quiz().length).toBeGreaterThanOrEqual(10);
    expect(bookQuiz().length).toBeGreaterThanOrEqual(10);
    expect(generated.quiz.metadata.chapterTitle).toBe(book.chapters[chapterIndex].title);
  });

  it("quotes, as each question's source, a sentence of the chapter it comes from", () => {
    for (const q of quiz()) {
      expect(q.source, q.prompt).toMatch(/[.!?]["')\u201d]?$/);
      expect(contains(chapter, q.source), q.source).toBe(true);
    }
    const whole = chapterText(book);
    for (const q of bookQuiz()) expect(contains(whole, q.source), q.source).toBe(true);
  });

  it('has its right answer in the textbook', () => {
    for (const q of quiz()) {
      if (q.type === 'true-false') {
        const statement = q.prompt.replace(/^True or false: /, '');
        expect(inChapter(statement), q.prompt).toBe(q.answer === 'True');
      } else if (q.type === 'multiple-choice' || q.prompt.includes('_____')) {
        // Cloze and definition questions: the answer is in the very sentence quoted.
        expect(contains(q.source, q.answer), `${q.answer} in ${q.source}`).toBe(true);
      } else {
        // Open questions: the model answer is made of the chapter's own sentences.
        for (const s of fastSentences(q.answer)) expect(inChapter(s), s).toBe(true);
      }
    }
  });

  it('makes a multiple-choice answer exactly one of its options', () => {
    expect(choices().length).toBeGreaterThanOrEqual(8);
    for (const q of choices()) {
      expect(q.options!.length, q.prompt).toBeGreaterThanOrEqual(3);
      expect(
        q.options!.filter((o) => o === q.answer),
        q.prompt,
      ).toHaveLength(1);
    }
  });

  it('draws distractors of the same kind from elsewhere in the book', () => {
    const whole = chapterText(book);
    const isNumber = (s: string) => /^\d[\d.,]*(x|%)?$/.test(s);
    for (const q of choices()) {
      for (const d of distractors(q)) {
        expect(contains(whole, d), `"${d}" is in the book`).toBe(true);
        expect(contains(q.source, d), `"${d}" is not in the question's own sentence`).toBe(false);
        if (isNumber(q.answer)) {
          expect(isNumber(d), `${d} is a number like ${q.answer}`).toBe(true);
          expect(d.replace(/[\d.,]/g, ''), `${d} has the unit of ${q.answer}`).toBe(q.answer.replace(/[\d.,]/g, ''));
        } else {
          expect(/\p{Lu}/u.test(d), `${d} is a name exactly when ${q.answer} is`).toBe(/\p{Lu}/u.test(q.answer));
          expect(/s$/.test(d), `${d} agrees in number with ${q.answer}`).toBe(/s$/.test(q.answer));
        }
      }
    }
  });

  it('never offers the answer as a distractor and never repeats an option', () => {
    for (const q of choices()) {
      const lower = q.options!.map((o) => o.toLowerCase());
      expect(new Set(lower).size, q.prompt).toBe(lower.length);
      expect(
        distractors(q).map((d) => d.toLowerCase()),
        q.prompt,
      ).not.toContain(q.answer.toLowerCase());
    }
  });

  it('asks no question twice', () => {
    for (const questions of [quiz(), bookQuiz()]) {
      const prompts = questions.map((q) => sentenceKey(q.prompt));
      expect(new Set(prompts).size).toBe(prompts.length);
      const closedSources = questions
        .filter((q) => !(q.type === 'short-answer' && !q.prompt.includes('_____')))
        .map((q) => sentenceKey(q.source));
      expect(new Set(closedSources).size).toBe(closedSources.length);
    }
  });

  it('mixes question kinds, and a whole-book quiz draws on several chapters', () => {
    // True/false items only where the paper names two terms side by side to swap: the kinds may be two.
    expect(new Set(quiz().map((q) => q.type)).size).toBeGreaterThanOrEqual(2);
    const chaptersUsed = new Set(bookQuiz().map((q) => book.chapters.findIndex((_, i) => contains(chapterText(book, i), q.source))));
    expect(chaptersUsed.size).toBeGreaterThanOrEqual(4);
  });

  const promptBody = (prompt: string) =>
    prompt
      .replace(/^Fill in the blank: /, '')
      .replace(/^Which term does the textbook describe as "(.*)"\?$/, '$1')
      .replace('_____', ' ');

  it('blanks a value only where the rest of the prompt does not state it (other formatting, plural or case)', () => {
    const cloze = [...quiz(), ...bookQuiz()].filter((q) => q.prompt.includes('_____'));
    expect(cloze.length).toBeGreaterThanOrEqual(5);
    expect(cloze.some((q) => isFigure(q.answer))).toBe(true);
    for (const q of cloze) expect(statesValue(promptBody(q.prompt), q.answer), `${q.answer} in ${q.prompt}`).toBe(false);
  });

  it('offers no multiple-choice option that the prompt already contains', () => {
    for (const q of choices())
      for (const o of q.options!) expect(statesValue(promptBody(q.prompt), o), `"${o}" in ${q.prompt}`).toBe(false);
  });

  it('writes a true/false swap in the casing pattern of the term it replaces', () => {
    const shape = (w: string) => (w === w.toLowerCase() ? 'lower' : w.length > 1 && w === w.toUpperCase() ? 'CAPS' : 'Capital');
    // Swaps need two terms the paper names side by side; where it names none there is no false statement, and
    // answer-leaks.test.ts shows the swap on a fixture that has them.
    const falses = [...quiz(), ...bookQuiz()].filter((q) => q.type === 'true-false' && q.answer === 'False');
    for (const q of falses) {
      const before = stripCitations(q.source).split(' ');
      const after = q.prompt.replace(/^True or false: /, '').split(' ');
      let start = 0;
      while (before[start] === after[start]) start++;
      let end = 0;
      while (end < Math.min(before.length, after.length) - start && before[before.length - 1 - end] === after[after.length - 1 - end])
        end++;
      const replaced = before.slice(start, before.length - end);
      const swapped = after.slice(start, after.length - end);
      const expected = swapped.map((_, i) =>
        i < replaced.length ? shape(replaced[i]) : replaced.length > 1 ? shape(replaced[replaced.length - 1]) : 'lower',
      );
      expect(swapped.map(shape), `${replaced.join(' ')} -> ${swapped.join(' ')}`).toEqual(expected);
      if (!/\p{Lu}{6,}/u.test(replaced.join(' '))) expect(swapped.join(' '), q.prompt).not.toMatch(/\p{Lu}{6,}/u);
    }
  });

  it('is deterministic: the same book gives the same quiz', async () => {
    const again = await generate('quiz', chapterIndex);
    expect(again.content).toEqual(generated.quiz.content);
  });
});

describe('offline assessment, lesson plan and homework on the same chapter', () => {
  it('builds an assessment of mixed items whose points add up, with a rubric for every open item', () => {
    const a = generated.assessment.content as AssessmentContent;
    expect(new Set(a.items.map((i) => i.type)).size).toBeGreaterThanOrEqual(3);
    expect(a.totalPoints).toBe(a.items.reduce((n, i) => n + i.points, 0));
    for (const item of a.items) {
      if (item.type === 'essay' || item.type === 'short-answer') expect(item.rubric?.length, item.prompt).toBeGreaterThan(0);
      if (item.type === 'multiple-choice') expect(item.options).toContain(item.answer);
    }
    expect(a.items.filter((i) => i.type === 'essay').length).toBeGreaterThanOrEqual(1);
  });

  it('builds a lesson plan from the chapter: its sections timed in sequence, its sentences as key points, its title in the materials', () => {
    const plan = generated.lessonPlan.content as LessonPlanContent;
    const current = book.chapters[chapterIndex];
    // Objectives come from what the chapter does (its definitions, comparisons, examples), never "Explain {heading}".
    expect(plan.objectives.length).toBeGreaterThanOrEqual(1);
    for (const o of plan.objectives) expect(o).toMatch(/^(?:Define|Distinguish|Apply|Compute|Prove|Write) /);
    expect(plan.activities.reduce((n, a) => n + a.minutes, 0)).toBe(plan.durationMinutes);
    const titles = plan.activities.map((a) => a.title);
    for (const section of current.sections.slice(0, 3)) expect(titles).toContain(`Present: ${section.title}`);
    for (const a of plan.activities.filter((x) => /^Key point: /.test(x.description)))
      expect(inChapter(a.description.replace(/^Key point: /, '')), a.description).toBe(true);
    expect(plan.materials).toContain(`Textbook chapter: ${current.title}`);
    expect(plan.assessment.length).toBeGreaterThan(0);
    expect(plan.assessment.some((line) => plan.objectives.some((o) => line.includes(o)))).toBe(true);
  });

  it('builds homework whose expected answers come from the chapter and whose guidance points into it', () => {
    const hw = generated.homework.content as HomeworkContent;
    const current = book.chapters[chapterIndex];
    expect(hw.problems.length).toBeGreaterThanOrEqual(5);
    for (const p of hw.problems) {
      expect(p.guidance.trim().length, p.prompt).toBeGreaterThan(0);
      if (p.expectedAnswer) for (const s of fastSentences(p.expectedAnswer)) expect(inChapter(s), s).toBe(true);
    }
    expect(hw.problems.filter((p) => p.guidance.includes(current.title)).length).toBeGreaterThanOrEqual(3);
    expect(hw.problems.some((p) => !p.expectedAnswer)).toBe(true);
  });
});

describe('offline materials off the request thread', () => {
  it('answers other requests while a material is being generated', async () => {
    // Sends the cheap request the moment the engine has been handed the work (the whole-book quiz, the
    // longest job here). Were generation synchronous on the event loop, this code could only run once
    // it had ended, and the materials response would come first.
    const engine = h.deps.engine;
    const generateMaterial = engine.generateMaterial;
    let started: () => void = () => {};
    const generating = new Promise<void>((resolve) => (started = resolve));
    engine.generateMaterial = (ctx, input) => {
      const result = generateMaterial(ctx, input);
      started();
      return result;
    };
    try {
      const finished: string[] = [];
      const materials = h.app
        .inject({
          method: 'POST',
          url: `/api/textbooks/${textbookId}/materials`,
          payload: { contentType: 'quiz' },
          headers: { cookie: alice.cookie },
        })
        .then((res) => (finished.push('materials'), res));
      await generating;
      const user = await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: alice.cookie } });
      finished.push('user');
      expect(user.statusCode).toBe(200);
      expect(user.json().username).toBe(alice.username);
      const res = await materials;
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      expect(finished).toEqual(['user', 'materials']);
      // The worker gives the very material generated earlier on the same book.
      expect(res.json().material.content).toEqual(generated.bookQuiz.content);
    } finally {
      engine.generateMaterial = generateMaterial;
    }
  });
});
