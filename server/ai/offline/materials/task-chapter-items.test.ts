import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '@common/materials';
import type { TextbookContent } from '@common/textbook';
import { bookSentences } from '@server/ai/shared/book-sentences';
import { itemProblems } from '@server/ai/shared/item-checks';
import { buildMaterial } from '../materials';
import { chapterLegends, legendQuestions, symbolText } from './legend-questions';
import { findProcedures, orderingQuestions } from './ordering-questions';
import { definitionShortAnswers, keyPoints } from './short-answers';

const math = (latex: string) => `<span data-type="inline-math" data-latex="${latex}"></span>`;

/** A workshop handout: short tasks set in made-up settings, and a closing sheet of formulas with their legend. */
const handout: TextbookContent = {
  title: 'Simulation Modelling',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Task 1: A Queue at the Post Office',
      content:
        '<p>Imagine a post office with two clerks and a single line of customers waiting at the counter.</p>' +
        '<p>Customers arrive randomly at a rate of 20 per hour, and a service lasts around 4 minutes on average.</p>' +
        '<p>Customers sending a parcel must first queue at the counter, then weigh the parcel at the scale, and then pay at the till before leaving.</p>' +
        '<p>Suppose the manager would like to know how long customers wait before they reach the counter.</p>' +
        '<ol><li><p>How long do customers wait on average before reaching the counter?</p></li><li><p>How does this change with a third clerk at the counter?</p></li></ol>',
      sections: [],
    },
    {
      id: 'c2',
      title: 'Task 2: A Car Wash',
      content:
        '<p>Imagine a car wash with one washing bay, where cars arrive at a rate of 6 per hour and wait in a line.</p>' +
        '<p>A wash lasts between 5 and 12 minutes, and drivers leave when more than four cars are waiting already.</p>' +
        '<p>The owner would like to know how many drivers are lost in a typical day of opening.</p>',
      sections: [],
    },
    {
      id: 'c3',
      title: 'Formulas',
      content:
        '<p>Confidence intervals around a mean</p>' +
        '<div data-type="block-math" data-latex="\\bar{x}\\pm z\\frac{s}{\\sqrt{n}}"></div>' +
        `<p>${math('\\bar{x}')} is the sample mean</p>` +
        `<p>${math('\\hat{p}')} is the sample proportion</p>` +
        `<p>${math('s')} is the sample standard deviation</p>` +
        `<p>${math('n')} is the number of samples</p>` +
        `<p>${math('z')} is the z-score:</p>` +
        '<p>For each of the tasks above, calculate confidence intervals around the waiting times you found.</p>' +
        '<p>A simulation study must first run the model many times, then record the waiting time of every run, and then average the recorded times.</p>',
      sections: [],
    },
  ],
};

describe('items a task chapter or an exam paper supports', () => {
  it("reads a formula's legend and asks for what a symbol stands for, never one its letter gives away", () => {
    expect(symbolText('\\bar{x}')).toBe('x\u0304');
    expect(symbolText('\\alpha')).toBe('α');
    expect(symbolText('x^2')).toBeUndefined();
    const [legend] = chapterLegends(handout, 2);
    expect(legend.map((l) => l.meaning)).toEqual([
      'sample mean',
      'sample proportion',
      'sample standard deviation',
      'number of samples',
      'z-score',
    ]);
    const items = legendQuestions(handout, [2]).map((c) => c.question);
    const asked = items.map((q) => q.answer);
    // "z" for "z-score", "p̂" for the only option with a p-word, "n" for "number": the letter tells the key.
    expect(asked).toEqual(['sample mean', 'sample standard deviation']);
    for (const q of items) {
      expect(q.options).toContain(q.answer);
      expect(q.source).toContain(q.answer);
      expect(itemProblems(q)).toEqual([]);
      // Options of the key's grain: no one-word "z-score" beside a three-word key.
      for (const o of q.options!) expect(Math.abs(o.split(' ').length - q.answer.split(' ').length)).toBeLessThanOrEqual(1);
    }
  });

  it("orders a procedure's steps as the text states them, the verb the text leaves out restored", () => {
    const sentences = bookSentences(handout);
    const [procedure] = findProcedures(sentences);
    expect(procedure.actor).toBe('customers sending a parcel');
    expect(procedure.steps).toEqual(['queue at the counter', 'weigh the parcel at the scale', 'pay at the till before leaving']);
    const elliptic = findProcedures([
      { ...sentences[0], plain: 'Customers wanting both must first queue for cold food, then hot food, and then take both to the till.' },
    ]);
    expect(elliptic[0].steps[1]).toBe('queue for hot food');
    const [item] = orderingQuestions(sentences).map((c) => c.question);
    // The printed order is never the text's, and the key puts the letters back in the text's order.
    const printed = [...item.prompt.matchAll(/\(([A-C])\) ([^;.]+)/g)].map((m) => [m[1], m[2]] as const);
    expect(printed.map(([, step]) => step)).not.toEqual(procedure.steps);
    expect(item.answer.split(', ').map((letter) => printed.find(([l]) => l === letter)![1])).toEqual(procedure.steps);
    expect(item.explanation).toMatch(/Rubric: one mark for each step/);
    expect(itemProblems(item)).toEqual([]);
    // Two steps are a coin toss: no item.
    expect(findProcedures([{ ...sentences[0], plain: 'They must first register at reception, then see a clinician.' }])).toEqual([]);
  });

  it('asks "What is the X of Y?" with the sentence as model answer and its points as rubric', () => {
    expect(keyPoints('the number which appears most frequently')).toEqual(['the number', 'which appears most frequently']);
    const exam: TextbookContent = {
      title: 'Programming II',
      references: [],
      chapters: [
        {
          id: 'e1',
          title: 'Examination',
          content:
            '<ol><li><p>(b) The mode of a list of numbers is the number which appears most frequently. Write a program to read the data and print the mode of the numbers. [6]</p></li></ol>',
          sections: [],
        },
      ],
    };
    const sentences = bookSentences(exam);
    // The part label "(b)" is the paper's, not the sentence's.
    expect(sentences[0].text).toBe('The mode of a list of numbers is the number which appears most frequently.');
    const [item] = definitionShortAnswers(sentences).map((c) => c.question);
    expect(item.prompt).toBe('What is the mode of a list of numbers?');
    expect(item.answer).toBe(sentences[0].plain);
    expect(item.explanation).toContain('(1) the number; (2) which appears most frequently');
    // In an assessment the same item is marked by its rubric: a mark for each key point.
    const assessment = buildMaterial({ book: exam, contentType: 'assessment', chapterIndex: 0 });
    expect(assessment.description).toMatch(/^1 item on /);
    expect((assessment.content as { items: unknown[] }).items).toEqual([
      {
        type: 'short-answer',
        prompt: 'What is the mode of a list of numbers?',
        answer: sentences[0].plain,
        points: 2,
        rubric: ['one mark for each point: (1) the number; (2) which appears most frequently.'],
      },
    ]);
  });

  it('gives every chapter of a handout of tasks a quiz, combined with its neighbours and the count stated, every item passing the checks', () => {
    for (const chapterIndex of [0, 1, 2]) {
      const m = buildMaterial({ book: handout, contentType: 'quiz', chapterIndex });
      const questions = (m.content as { questions: QuizQuestion[] }).questions;
      expect(questions.length).toBeGreaterThanOrEqual(2);
      expect(m.description).toMatch(new RegExp(`^${questions.length} questions? on `));
      for (const q of questions) expect(itemProblems(q), q.prompt).toEqual([]);
      // No figure or name of the made-up settings is asked for.
      for (const q of questions) expect(q.answer).not.toMatch(/\d|post office|car wash/i);
      // The post office's route from counter to till is the setting's procedure, not the subject's: never asked.
      for (const q of questions) expect(q.source).not.toMatch(/parcel/);
      // The study's procedure is the subject's: asked as an ordering of its steps.
      expect(questions.some((q) => q.prompt.includes('in what order does a simulation study do these steps'))).toBe(true);
    }
  });

  it("counts a legend's or an ordering's item as the chapter's own, though it quotes no one sentence of the text", () => {
    // Every item of this handout's quizzes is drawn from the formula sheet: its legend and its study's steps.
    const sheet = buildMaterial({ book: handout, contentType: 'quiz', chapterIndex: 2 });
    expect(sheet.title).toBe('Quiz: Formulas');
    expect(sheet.description).toMatch(/^\d+ questions on the chapter "Formulas", /);
    expect(sheet.description).not.toMatch(/None of|next to it/);
    const task = buildMaterial({ book: handout, contentType: 'quiz', chapterIndex: 1 });
    const n = (task.content as { questions: unknown[] }).questions.length;
    expect(task.description).toContain(`on the chapters "Task 2: A Car Wash" and "Formulas",`);
    expect(task.description).toContain(`None of the ${n} questions is on "Task 2: A Car Wash" itself`);
  });
});
