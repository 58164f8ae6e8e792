import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '@common/materials';
import type { TextbookContent } from '@common/textbook';
import { isFigure, statesValue } from '@server/test/ai/states-value.support';
import { buildAssessment } from './assessment';
import { buildQuiz } from './quiz';
import { buildScope } from './scope';

/**
 * A small book written so that the naive question builders leak answers:
 * a figure printed twice in one sentence ("39 cycles ... 39 cycles"), a term
 * next to its own plural ("trace cache ... trace caches"), a singular term
 * that is part of a plural in the sentence ("loop header" in "loop
 * headers"), and an all-capitals name (REQUIRESSTACK) among names written
 * in camel case.
 */
const p = (...sentences: string[]) => `<p>${sentences.join(' ')}</p>`;
const book: TextbookContent = {
  title: 'Tracing interpreters',
  references: [],
  chapters: [
    {
      title: 'Trace recording',
      content: p(
        'SpiderMonkey runs every new program in the bytecode interpreter before any native code exists.',
        'The bytecode interpreter spends 39 cycles on an ordinary bytecode, and the slowest native trace also spends 39 cycles on that bytecode.',
        'The trace cache holds the native traces of one thread, and the runtime keeps the trace caches of all threads in one shared map.',
        'The trace compiler turns hot loop headers into native code for the machine.',
        'This trace tree is compiled once.',
        'SpiderMonkey records a trace when a loop header becomes hot.',
      ),
      sections: [
        {
          title: 'Native code',
          content: p(
            'SpiderMonkey keeps the trace cache small by evicting cold trace fragments.',
            'A native trace spends 9 cycles on an average bytecode.',
            'The trace monitor spends 120 cycles on each loop edge of the program.',
            // Named side by side, "native code" and "native trace" are siblings: one may stand in for the other in a false statement.
            'Native code and native traces are kept apart from the bytecode interpreter at all times.',
            'A slow allocation path spends 300 cycles on each new object.',
            'Does the trace cache ever grow without bound?',
          ),
        },
      ],
    },
    {
      title: 'Annotations',
      content: p(
        'REQUIRESSTACK marks a function that may only run after the call stack is refreshed.',
        'The checker reports every REQUIRESSTACK function that is called from native code.',
        'A call from a loop header to a REQUIRESSTACK function first refreshes the call stack.',
        'The garbage collector scans the call stack and the trace cache of every thread.',
        'The garbage collector runs 4 times per second on a busy page.',
        'A loop header is the first bytecode of a loop body in the interpreter.',
      ),
      sections: [],
    },
  ],
};

function allQuestions(): QuizQuestion[] {
  const out: QuizQuestion[] = [];
  for (const chapterIndex of [0, 1, undefined]) {
    const scope = buildScope(book, chapterIndex);
    out.push(...buildQuiz(scope).questions);
    for (const item of buildAssessment(scope).items)
      if (item.type !== 'essay')
        out.push({
          type: item.type,
          prompt: item.prompt,
          options: item.options,
          answer: item.answer ?? '',
          explanation: '',
          source: '',
        } as QuizQuestion);
  }
  return out;
}

const body = (prompt: string) =>
  prompt.replace(/^Fill in the blank: /, '').replace(/^Which term does the textbook describe as "(.*)"\?$/, '$1');

describe('offline questions never give their answer away', () => {
  const questions = allQuestions();

  it('makes cloze and number questions only where the blanked value is stated nowhere else in the prompt', () => {
    const cloze = questions.filter((q) => q.prompt.includes('_____'));
    expect(cloze.some((q) => isFigure(q.answer))).toBe(true);
    expect(cloze.some((q) => !isFigure(q.answer))).toBe(true);
    for (const q of cloze) expect(statesValue(q.prompt.replace('_____', ' '), q.answer), `${q.answer} in ${q.prompt}`).toBe(false);
    // The sentence printing 39 twice is skipped rather than blanked at either figure.
    expect(cloze.filter((q) => q.answer === '39')).toEqual([]);
    // "trace cache" is never blanked next to "trace caches".
    expect(cloze.filter((q) => /trace caches/.test(q.prompt) && /^trace cache$/i.test(q.answer))).toEqual([]);
  });

  it('offers no multiple-choice option that the prompt already contains', () => {
    const choices = questions.filter((q) => q.type === 'multiple-choice');
    expect(choices.length).toBeGreaterThanOrEqual(3);
    for (const q of choices)
      for (const o of q.options ?? []) expect(statesValue(body(q.prompt).replace('_____', ' '), o), `"${o}" in ${q.prompt}`).toBe(false);
  });

  it('writes a true/false swap in the casing pattern of the term it replaces', () => {
    const shape = (w: string) => (w === w.toLowerCase() ? 'lower' : w.length > 1 && w === w.toUpperCase() ? 'CAPS' : 'Capital');
    const falses = questions.filter((q) => q.type === 'true-false' && q.answer === 'False');
    expect(falses.length).toBeGreaterThanOrEqual(1);
    for (const chapterIndex of [0, 1, undefined]) {
      for (const q of buildQuiz(buildScope(book, chapterIndex)).questions.filter((x) => x.type === 'true-false' && x.answer === 'False')) {
        const before = q.source.split(' ');
        const after = q.prompt.replace(/^True or false: /, '').split(' ');
        let start = 0;
        while (before[start] === after[start]) start++;
        let end = 0;
        while (end < Math.min(before.length, after.length) - start && before[before.length - 1 - end] === after[after.length - 1 - end])
          end++;
        const replaced = before.slice(start, before.length - end);
        const swapped = after.slice(start, after.length - end);
        expect(swapped.length, q.prompt).toBeGreaterThan(0);
        const expected = swapped.map((_, i) =>
          i < replaced.length ? shape(replaced[i]) : replaced.length > 1 ? shape(replaced[replaced.length - 1]) : 'lower',
        );
        expect(swapped.map(shape), `${replaced.join(' ')} -> ${swapped.join(' ')}`).toEqual(expected);
        if (!/\p{Lu}{6,}/u.test(replaced.join(' '))) expect(swapped.join(' '), q.prompt).not.toMatch(/\p{Lu}{6,}/u);
      }
    }
  });
});
