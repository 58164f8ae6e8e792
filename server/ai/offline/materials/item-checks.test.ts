import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import { buildMaterial } from '../materials';
import type { BookSentence } from '@server/ai/shared/book-sentences';
import { itemProblems, optionKind, repeatedKeys } from '@server/ai/shared/item-checks';
import { TermSiblings } from './term-siblings';
import { bookOf, refusalOf } from '@server/test/ai/quiz-refusal.support';

const mc = (prompt: string, answer: string, options: string[], source: string) => ({
  type: 'multiple-choice' as const,
  prompt,
  answer,
  options,
  source,
});

describe('the checks every quiz item passes before it is offered', () => {
  it('refuses a key that is not in the source, or is itself a question', () => {
    expect(
      itemProblems(
        mc('Fill in the blank: The handout gives each task _____ points.', '2', ['2', '5', '10'], 'The handout gives each task 5 points.'),
      ),
    ).toContain('key-not-in-source');
    expect(
      itemProblems({
        type: 'short-answer',
        prompt: 'Explain network tools.',
        answer: 'How might topologies affect a network?',
        source: 'How might topologies affect a network?',
      }),
    ).toContain('key-is-a-question');
  });

  it('refuses citation years and citation keys', () => {
    const source = 'The Kalman filter (Kalman, 1960) estimates the state of a linear system from noisy data.';
    expect(
      itemProblems(
        mc(
          'Fill in the blank: The Kalman filter (Kalman, _____) estimates the state of a linear system from noisy data.',
          '1960',
          ['1960', '1961', '1970'],
          source,
        ),
      ),
    ).toContain('citation');
    expect(
      itemProblems(
        mc(
          'Fill in the blank: Automatic differentiation is surveyed by Griewank and Walther (_____, 2008) in depth.',
          '2003',
          ['2003', '1997', '2006'],
          'Automatic differentiation is surveyed by Griewank and Walther (2003, 2008) in depth.',
        ),
      ),
    ).toContain('citation');
    expect(
      itemProblems(
        mc(
          'Fill in the blank: Optimized _____ run under one second on an MSP430 [HMH+14].',
          'implementations',
          ['implementations', 'algorithms', 'processors'],
          'Optimized implementations run under one second on an MSP430 [HMH+14].',
        ),
      ),
    ).toContain('citation');
  });

  it('refuses page elements, made-up settings, instructions, advice to the reader, formulas and pointers back', () => {
    const tf = (statement: string) => ({
      type: 'true-false' as const,
      prompt: `True or false: ${statement}`,
      answer: 'True',
      options: ['True', 'False'],
      source: statement,
    });
    expect(itemProblems(tf('From (5.40), we know that the gradient is the row vector of the partial derivatives.'))).toContain(
      'page-element',
    );
    expect(itemProblems(tf('Equation 5.143 is the forward propagation of a function through the graph.'))).toContain('page-element');
    expect(itemProblems(tf('Suppose 10 people are running a race around the old stadium.'))).toContain('arbitrary-setting');
    expect(itemProblems(tf('Explore the effect of the number of repetitions on the expected weight.'))).toContain('not-a-statement');
    expect(itemProblems(tf('If you find the multiplication rule confusing, try thinking about other examples.'))).toContain(
      'not-a-statement',
    );
    expect(itemProblems(tf('Because this probability is very small, the null hypothesis is rejected.'))).toContain('points-back');
    expect(
      itemProblems({
        type: 'short-answer',
        prompt: 'Fill in the blank: The for loop of the algorithm is executed t−_____ times.',
        answer: '1',
        source: 'The for loop of the algorithm is executed t−1 times.',
      }),
    ).toContain('in-a-formula');
    expect(itemProblems(tf('Further details of matrix differentials can be found in Magnus and Neudecker (2007).'))).toContain(
      'not-a-statement',
    );
    expect(itemProblems(tf('What all methods have in common is that they exploit the implementation.'))).toContain('points-back');
    expect(itemProblems(tf('A mesh network keeps working when one of its devices fails.'))).toEqual([]);
  });

  it('wants options of the key’s kind and grain: terms with terms, numbers with numbers, names with names', () => {
    expect(optionKind('1997')).toBe('year');
    expect(optionKind('3.5%')).toBe('number');
    expect(optionKind('Monty Python')).toBe('name');
    expect(optionKind('mesh network')).toBe('term');
    const source = 'A star network connects every device to one central switch.';
    expect(
      itemProblems(
        mc(
          'Fill in the blank: A _____ connects every device to one central switch.',
          'star network',
          ['star network', 'Bruce Wayne', 'mesh network'],
          source,
        ),
      ),
    ).toContain('options-of-another-kind');
    expect(
      itemProblems(
        mc(
          'Fill in the blank: A _____ connects every device to one central switch.',
          'star network',
          ['star network', 'ring network', 'mesh network'],
          source,
        ),
      ),
    ).toEqual([]);
  });

  it('finds items that share a key', () => {
    expect(
      repeatedKeys([
        { type: 'short-answer', answer: 'The same model answer.' },
        { type: 'true-false', answer: 'True' },
        { type: 'true-false', answer: 'True' },
        { type: 'short-answer', answer: 'the same model answer' },
      ]),
    ).toEqual([3]);
  });
});

describe('a false statement swaps a term for a sibling', () => {
  const sentence = (plain: string, order: number): BookSentence => ({
    text: plain,
    plain,
    chapterIndex: 0,
    chapterTitle: 'Networks',
    order,
    isStandalone: true,
  });
  const siblings = new TermSiblings(
    [
      sentence('Networks are laid out as star networks, ring networks or mesh networks.', 0),
      sentence('Permutations and combinations count arrangements.', 1),
    ],
    new Set(['packet', 'router', 'permutation', 'combination']),
  );
  const t = (key: string) => ({ key, words: key.split(' ').length });
  it('named side by side in the book as alternatives', () => {
    expect(siblings.are(t('star network'), t('ring network'))).toBe(true);
    expect(siblings.are(t('ring network'), t('mesh network'))).toBe(true);
    expect(siblings.are(t('permutation'), t('combination'))).toBe(true);
    // Two defined single words the book never names side by side may be of different kinds.
    expect(siblings.are(t('packet'), t('router'))).toBe(false);
    expect(siblings.are(t('cryptographic algorithm'), t('cryptographic operation'))).toBe(false);
    // Sharing a word is not enough: one may be a kind of the other, or a statement may hold for both.
    expect(siblings.are(t('trace monitor'), t('trace compiler'))).toBe(false);
    expect(siblings.are(t('star network'), t('american bison'))).toBe(false);
    expect(siblings.are(t('permutation'), t('packet'))).toBe(false);
  });
});

describe('the scope of a quiz', () => {
  const p = (...s: string[]) => `<p>${s.join(' ')}</p>`;
  const book: TextbookContent = {
    title: 'Networks',
    references: [],
    chapters: [
      {
        title: 'Acknowledgements',
        content: p('The author thanks the students of the networks course for many corrections to these notes over the years.'),
        sections: [],
      },
      {
        title: 'Topologies',
        content: p(
          'A star network connects every device to one central switch in the middle of the office.',
          'A ring network passes every packet around a closed loop of devices until it reaches its destination.',
          'A mesh network connects each device to several others so that traffic can take another route.',
          'A bus network shares one cable between all devices, and only one device can send at a time.',
          'The central switch of a star network is a single point of failure for the whole office.',
        ),
        sections: [],
      },
      {
        title: 'Addressing',
        content: p(
          'An IP address names one device on a network and has four parts separated by dots.',
          'The Domain Name System maps human-readable host names onto IP addresses for every device on the internet.',
          'A router forwards each packet towards the network named in its destination IP address.',
          'Mesh networks survive the failure of a router because traffic can take another route around it.',
          'The ring network and the bus network both suffer when one cable is cut between two devices.',
        ),
        sections: [],
      },
      { title: 'Router table', content: '<table><tr><td>r1</td><td>10.0.0.1</td></tr></table>', sections: [] },
      {
        title: 'Gateways',
        content: p('A default gateway forwards every packet whose destination lies outside the local network of the sender.'),
        sections: [],
      },
    ],
  };

  it('skips front matter: a quiz asked on the acknowledgements is made on the first chapter that teaches, and says so', () => {
    const quiz = buildMaterial({ book, contentType: 'quiz', chapterIndex: 0 });
    expect(quiz.chapterTitle).toBe('Topologies');
    expect(quiz.description).toMatch(/"Acknowledgements" is front matter or course logistics/);
  });

  it('refuses a quiz on a grading policy whose only teaching chapter is too short, and says it is logistics', () => {
    const policy = bookOf(
      'Remarks on Grading Policy',
      ['Overview', p('The grading follows the university regulation.')],
      [
        'Policy on the return of answer sheets',
        p(
          'In principle, answer sheets are not returned to the students after an exam.',
          'Students who want feedback on an exam should ask for it during office hours before the next exam.',
          'Mini tests are returned with feedback, because they are meant to show each student what to improve.',
          'Answer sheets of the final exam are kept by the department for one year after the course ends.',
        ),
      ],
    );
    const error = refusalOf({ book: policy, contentType: 'quiz', chapterIndex: 1 });
    expect(error).toBeInstanceOf(AppError);
    expect((error as Error).message).toMatch(/^"Policy on the return of answer sheets" is front matter or course logistics/);
  });

  it('combines a chapter too short for a quiz with its neighbours instead of refusing it, and states the count', () => {
    // "Gateways" has one sentence: too short alone, it is joined by the chapters before it (the next one has no prose).
    const quiz = buildMaterial({ book, contentType: 'quiz', chapterIndex: 4 });
    const n = (quiz.content as { questions: unknown[] }).questions.length;
    expect(n).toBeGreaterThan(1);
    // It names the chapters its questions come from, and "Gateways" asked for.
    expect(quiz.description).toMatch(
      new RegExp(`^${n} questions on the chapters (?:"(?:Topologies|Addressing|Router table)"(?:, | and ))+"Gateways"`),
    );
    expect(quiz.description).toMatch(/"Gateways" alone is too short for a quiz, so it is combined with the chapters next to it/);
    // Its title names what it covers, from the first chapter combined to the last, never "Gateways" alone.
    const first = /^\d+ questions on the chapters "([^"]+)"/.exec(quiz.description)![1];
    expect(quiz.title).toMatch(new RegExp(`^Quiz: ${first} – Gateways(?: \\(chapters \\d+–5\\))?$`));
  });

  it('gives a clear message for a chapter without prose', () => {
    const error = refusalOf({ book, contentType: 'quiz', chapterIndex: 3 });
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/has no sentences of prose \(only code, a table, a list or figures\)/);
  });
});

describe('keys any text fills and list lines cut from what they qualify', () => {
  const cloze = (sentence: string, key: string) => ({
    type: 'short-answer' as const,
    prompt: `Fill in the blank: ${sentence.replace(key, '_____')}`,
    answer: key,
    source: sentence,
  });

  it('refuses a key that is one of the language’s general nouns, alone or in a regular plural', () => {
    expect(itemProblems(cloze('NA is a reserved word in the R language referring to missing data.', 'data'))).toContain('generic-key');
    expect(itemProblems(cloze('The mean of a sample is computed from the observed values.', 'values'))).toContain('generic-key');
    expect(
      itemProblems(
        mc(
          'Fill in the blank: A survey is one _____ of collecting samples.',
          'method',
          ['method', 'census', 'panel'],
          'A survey is one method of collecting samples.',
        ),
      ),
    ).toContain('generic-key');
  });

  it('keeps a term of the subject, and a phrase headed by a general noun', () => {
    expect(itemProblems(cloze('NA is a reserved word in the R language referring to missing data.', 'missing data'))).not.toContain(
      'generic-key',
    );
    expect(itemProblems(cloze('A polymerase copies a strand of DNA into a new strand.', 'polymerase'))).not.toContain('generic-key');
  });

  it('refuses an example named a verb after "e.g.", where any other example would do', () => {
    const s = 'The timing randomization is applied on top of the constant-runtime algorithm, e.g., by inserting dummy cycles.';
    expect(itemProblems(cloze(s, 'dummy cycles'))).toContain('example-slot');
    expect(
      itemProblems(cloze('Timing randomization inserts dummy cycles on top of a constant-runtime algorithm.', 'dummy cycles')),
    ).not.toContain('example-slot');
  });

  it('refuses a subordinate clause without its main clause, and keeps one that has it', () => {
    expect(itemProblems(cloze('Where ∼ is the only unary connective and others are binary.', 'unary connective'))).toContain('fragment');
    expect(itemProblems(cloze('Which makes the round key the only secret of the whole cipher.', 'round key'))).toContain('fragment');
    expect(
      itemProblems(cloze('Whereas the forward mode follows the inputs, the reverse mode starts from the output.', 'reverse mode')),
    ).not.toContain('fragment');
  });
});

describe('a quiz refused on a long chapter', () => {
  it('says the chapter has words enough but no sentence a question can be built on, not that it is too short', () => {
    const step = (n: number) =>
      `You can run step ${n} of the loop on your own laptop before class, and you should keep what it prints for later.`;
    const book = bookOf('Loops', ['Repeating actions', `<p>${Array.from({ length: 30 }, (_, i) => step(i + 1)).join(' ')}</p>`]);
    const error = refusalOf({ book, contentType: 'quiz', chapterIndex: 0 });
    expect(error).toBeInstanceOf(AppError);
    expect((error as Error).message).toMatch(
      /^The chapter "Repeating actions" has \d{3}(?:,\d{3})? words, but none of its sentences defines a term or states a fact with one right answer/,
    );
  });
});
