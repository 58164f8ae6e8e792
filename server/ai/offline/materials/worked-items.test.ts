import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import type { QuizContent } from '@common/materials';
import { bookSentences } from '@server/ai/shared/book-sentences';
import { itemProblems } from '@server/ai/shared/item-checks';
import { buildMaterial } from '../materials';
import { stemKey, type BookTerm } from './book-terms';
import { workedResultQuestions, workedResults } from './worked-results';
import { swappedComparisons } from './swapped-comparisons';
import { countableIn, objectsOfVerbBefore } from './distractors';
import { termQuestions } from './questions';

/** A counting handout of worked examples: each sets a question, works it out and states the result. */
const handout: TextbookContent = {
  title: 'Counting Arrangements',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Orders and Selections',
      content:
        '<p>Counting rests on one principle: when independent choices are made one after another, the number of outcomes is the product of the number of options for each choice.</p>' +
        '<p>A permutation is an arrangement of objects in which the order of the objects matters.</p>' +
        '<p>A combination is a selection of objects in which the order of the objects does not matter.</p>' +
        '<p>Every permutation of a group lists its members in one order, while a combination only says which members were chosen.</p>',
      sections: [
        {
          id: 's1',
          title: 'Ordering a Queue',
          content:
            '<p>Suppose 4 students stand in a queue for lunch.</p>' +
            '<p>How many different orders of the queue are possible?</p>' +
            '<p>The first place can go to any of the students, the second to any of those left, and so on down the line.</p>' +
            '<p>Multiplying the choices for each place together, we get 4 × 3 × 2 × 1 = 24.</p>',
        },
        {
          id: 's2',
          title: 'Choosing Captains',
          content:
            '<p>For example, suppose a coach picks 2 captains from a squad of 6 players.</p>' +
            '<p>How many different pairs of captains can the coach pick?</p>' +
            '<p>Picking the captains one after the other gives 6 × 5 = 30 ordered picks.</p>' +
            '<p>Every pair is counted twice among the ordered picks, so there are 30/2 = 15 pairs.</p>',
        },
        {
          id: 's3',
          title: 'Drawing a Card',
          content:
            '<p>A box holds 4 red cards and 6 blue cards, and one card is drawn blindly from the box.</p>' +
            '<p>What is the probability of drawing a red card from the box?</p>' +
            '<p>Every card is equally likely to be drawn, so the probability of a red card is 4/10 = 0.4 exactly.</p>',
        },
        {
          id: 's4',
          title: 'Seating Guests',
          content:
            '<p>A round table seats 8 guests for a wedding dinner.</p>' +
            '<p>How many ways are there to seat this group again?</p>' +
            '<p>Fixing one guest and ordering the others gives 7 × 6 × 5 × 4 × 3 × 2 × 1 = 5040 seatings.</p>',
        },
        {
          id: 's6',
          title: 'Serving Customers',
          content:
            '<p>Imagine a bakery that opens its tills on a busy Saturday morning.</p>' +
            '<p>Customers arrive steadily throughout the morning rush.</p>' +
            '<p>Each till serves 20 customers in an hour.</p>' +
            '<p>The bakery stays open for two hours before noon.</p>' +
            '<p>Its owner keeps a tally of every sale in a notebook.</p>' +
            '<p>How many customers can 3 tills serve before noon?</p>' +
            '<p>Serving at every till for the whole morning gives 3 × 20 × 2 = 120 customers.</p>',
        },
        {
          id: 's5',
          title: 'Sorting Methods',
          content:
            '<p>On long lists, the bubble sort is usually much slower than the insertion sort, because it swaps neighbouring items many times.</p>' +
            '<p>The insertion sort and the bubble sort differ in the memory they need while they run.</p>' +
            '<p>The insertion sort is a simple method that builds the sorted list one item at a time from the front.</p>' +
            '<p>The bubble sort is a method that passes over the list again and again, swapping neighbouring items that are out of order.</p>',
        },
      ],
    },
  ],
};

const sentences = bookSentences(handout, { listItems: true });
const term = (surface: string): BookTerm => ({
  key: surface.toLowerCase(),
  stem: stemKey(surface),
  surface,
  words: surface.split(' ').length,
  count: 2,
  chapterCounts: new Map([[0, 2]]),
  isProper: false,
  isPlural: false,
});

describe("a worked example's question, keyed by the result the text works out", () => {
  it('reads the results of computations, not the values of symbols', () => {
    expect(workedResults('Multiplying the choices for each place together, we get 4 × 3 × 2 × 1 = 24.')).toEqual(['24']);
    expect(workedResults('In this question there are n = 10 objects and k = 3 ordered positions.')).toEqual([]);
  });

  it('asks the question with its setting and keys it by the result, the counted result over a step on the way', () => {
    const items = workedResultQuestions(sentences, sentences);
    const byKey = Object.fromEntries(items.map((c) => [c.question.answer, c.question]));
    expect(Object.keys(byKey).sort()).toEqual(['0.4', '15', '24']);
    // The setting is stated as a problem states it, without its "Suppose".
    expect(byKey['24'].prompt).toBe('4 students stand in a queue for lunch. How many different orders of the queue are possible?');
    // "For example, suppose ..." opens the setting; "6 × 5 = 30 ordered picks" is a step, "15 pairs" what is counted.
    expect(byKey['15'].prompt).toBe(
      'A coach picks 2 captains from a squad of 6 players. How many different pairs of captains can the coach pick?',
    );
    expect(byKey['15'].type).toBe('multiple-choice');
    expect(byKey['15'].options).toContain('15');
    expect(byKey['15'].options).not.toContain('6');
    // A probability is given as the text works it out, asked for in the student's own working.
    expect(byKey['0.4'].prompt).toBe(
      'A box holds 4 red cards and 6 blue cards, and one card is drawn blindly from the box. What is the probability of drawing a red card from the box?',
    );
    expect(byKey['0.4'].type).toBe('short-answer');
    for (const c of items) {
      expect(c.question.source).toContain(c.question.answer);
      expect(itemProblems(c.question)).toEqual([]);
      // Options are numbers, as the key is.
      for (const o of c.question.options ?? []) expect(o).toMatch(/^\d+$/);
    }
  });

  it('refuses a question that leans on text it does not show, or whose result the setting prints', () => {
    const items = workedResultQuestions(sentences, sentences);
    // "to seat this group again" points back: the guests' question is not asked.
    expect(items.some((c) => c.question.answer === '5040')).toBe(false);
    // The bakery's setting starts five sentences back (how many tills?): a prompt of the last three could not be answered.
    expect(items.some((c) => c.question.answer === '120')).toBe(false);
    const printed = bookSentences({
      ...handout,
      chapters: [
        {
          ...handout.chapters[0],
          sections: [
            {
              id: 'x',
              title: 'Ordering a Queue',
              content:
                '<p>Suppose 24 visitors and 4 students stand in a queue for lunch.</p><p>How many different orders of the students are possible?</p><p>Multiplying the choices for each place together, we get 4 × 3 × 2 × 1 = 24.</p>',
            },
          ],
        },
      ],
    });
    expect(workedResultQuestions(printed, printed)).toEqual([]);
  });
});

describe('a one-way comparison turned round', () => {
  it('swaps the two compared things of "slower than" and keys the statement false', () => {
    const items = swappedComparisons(sentences, [term('bubble sort'), term('insertion sort')]);
    expect(items.map((c) => c.question.prompt)).toEqual([
      'True or false: On long lists, the insertion sort is usually much slower than the bubble sort, because it swaps neighbouring items many times.',
    ]);
    expect(items[0].question.answer).toBe('False');
    expect(itemProblems(items[0].question)).toEqual([]);
  });

  it('reads the other side from the first term\'s head when only one is a term of the book ("forward mode" for "reverse mode")', () => {
    const text: TextbookContent = {
      ...handout,
      chapters: [
        {
          id: 'c',
          title: 'Automatic Differentiation',
          content:
            '<p>For functions with many inputs and a single output, the reverse mode is computationally much cheaper than the forward mode.</p>',
          sections: [],
        },
      ],
    };
    const items = swappedComparisons(bookSentences(text), [term('reverse mode')]);
    expect(items.map((c) => c.question.prompt)).toEqual([
      'True or false: For functions with many inputs and a single output, the forward mode is computationally much cheaper than the reverse mode.',
    ]);
  });

  it('leaves a two-way relation alone: "A and B differ in ..." stays true whichever way round', () => {
    const differ = sentences.filter((s) => /\bdiffer\b/.test(s.plain));
    expect(differ).toHaveLength(1);
    expect(swappedComparisons(differ, [term('bubble sort'), term('insertion sort')])).toEqual([]);
  });
});

describe('a worked-example chapter gets its quiz from its examples', () => {
  it('builds a quiz of five or more items, each passing the item checks, with no key twice', () => {
    const quiz = buildMaterial({ book: handout, contentType: 'quiz', chapterIndex: 0 }).content as QuizContent;
    expect(quiz.questions.length).toBeGreaterThanOrEqual(5);
    for (const q of quiz.questions) expect(itemProblems(q)).toEqual([]);
    const keys = quiz.questions.filter((q) => q.type !== 'true-false').map((q) => q.answer.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
    // The examples' results have a share of the quiz beside the definitions and statements.
    expect(quiz.questions.some((q) => ['24', '15', '0.4'].includes(q.answer))).toBe(true);
  });
});

describe('options that fit the blank as the key does', () => {
  const text: TextbookContent = {
    title: 'Fault Attacks',
    references: [],
    chapters: [
      {
        id: 'c',
        title: 'Fault Attacks',
        content:
          '<p>An adversary injects a fault into the smart card while it computes a digital signature.</p>' +
          '<p>A countermeasure detects a fault before the faulty result leaves the device, and many countermeasures repeat the computation.</p>' +
          '<p>Every cipher of the library was checked, and ciphers with a small state were checked twice for every fault.</p>' +
          '<p>Cryptography studies how to keep messages secret, and cryptography is older than the computers that run it now.</p>' +
          '<p>The computational complexity of an attack grows with the key size, and computational complexity is measured in operations.</p>',
        sections: [],
      },
    ],
  };
  const all = bookSentences(text);
  const countable = countableIn(all.map((s) => s.plain).join('\n'));

  it('reads which terms the text uses as countable nouns', () => {
    expect(countable(term('fault'))).toBe(true);
    expect(countable(term('countermeasure'))).toBe(true);
    expect(countable(term('cipher'))).toBe(true);
    expect(countable(term('cryptography'))).toBe(false);
    expect(countable(term('computational complexity'))).toBe(false);
  });

  it('offers no mass noun after "a(n)": "injects a(n) _____" gets countable options only', () => {
    const pool = ['fault', 'countermeasure', 'cipher', 'cryptography', 'computational complexity'].map(term);
    const [item] = termQuestions(all.slice(0, 1), [term('fault')], pool, undefined, undefined, countable);
    expect(item.question.prompt).toContain('injects a(n) _____');
    expect(item.question.options).toEqual(expect.arrayContaining(['fault', 'countermeasure', 'cipher']));
    expect(item.question.options).not.toContain('cryptography');
    expect(item.question.options).not.toContain('computational complexity');
    // Without the rule the mass nouns would be offered: the test sees the difference.
    const [loose] = termQuestions(all.slice(0, 1), [term('fault')], pool);
    expect(loose.question.options!.some((o) => o === 'cryptography' || o === 'computational complexity')).toBe(true);
  });
});

describe('options the verb before the blank takes', () => {
  const text: TextbookContent = {
    title: 'Embedded Cryptography',
    references: [],
    chapters: [
      {
        id: 'c',
        title: 'Embedded Cryptography',
        content:
          '<p>For embedded systems, however, implementing asymmetric cryptography efficiently is a challenge for the designer.</p>' +
          '<p>Many engineers implement modular exponentiation in dedicated hardware, and others implemented a block cipher in software.</p>' +
          '<p>The power consumption of the target device depends on the data it processes, and the power consumption is measured.</p>' +
          '<p>The target device runs the cipher, and every target device of the lab was measured twice with a permutation layer.</p>' +
          '<p>An adversary injects a fault into the smart card while the card computes a signature for the bank.</p>' +
          '<p>A countermeasure detects every fault, and each countermeasure costs time.</p>',
        sections: [],
      },
    ],
  };
  const all = bookSentences(text);
  const bookText = all.map((s) => s.plain).join('\n');
  const pool = [
    'asymmetric cryptography',
    'modular exponentiation',
    'block cipher',
    'power consumption',
    'target device',
    'permutation layer',
  ].map(term);

  it('offers after "implementing _____" only what the book implements', () => {
    const [item] = termQuestions(
      all.slice(0, 1),
      [term('asymmetric cryptography')],
      pool,
      undefined,
      undefined,
      undefined,
      undefined,
      bookText,
    );
    expect(item.question.prompt).toContain('implementing _____ efficiently');
    expect(item.question.options).toEqual(expect.arrayContaining(['asymmetric cryptography', 'modular exponentiation', 'block cipher']));
    expect(item.question.options).toHaveLength(3);
    // Without the book's text the verb is not read, and what nobody implements is offered.
    const [loose] = termQuestions(all.slice(0, 1), [term('asymmetric cryptography')], pool);
    expect(loose.question.options!.some((o) => ['power consumption', 'target device', 'permutation layer'].includes(o))).toBe(true);
  });

  it('asks for the key when no other term of the book follows the verb', () => {
    const fault = all.find((s) => s.plain.includes('injects'))!;
    const faultPool = [...pool, term('fault'), term('countermeasure')];
    const [item] = termQuestions([fault], [term('fault')], faultPool, undefined, undefined, undefined, undefined, bookText);
    expect(item.question.prompt).toContain('injects');
    expect(item.question.type).toBe('short-answer');
    const [loose] = termQuestions([fault], [term('fault')], faultPool);
    expect(loose.question.type).toBe('multiple-choice');
  });

  it('reads a verb after "to" too, and no verb that takes any object', () => {
    const handout = 'We calculate the probability of rain from its outcomes. A permutation is an order, a combination a choice.';
    const fits = objectsOfVerbBefore('Fill in the blank: To find it, we need to calculate the _____ of any event A.', handout);
    expect(fits?.({ key: 'probability' })).toBe(true);
    expect(fits?.({ key: 'permutation' })).toBe(false);
    expect(fits?.({ key: 'combination' })).toBe(false);
    expect(objectsOfVerbBefore('Fill in the blank: The _____ of any event A is a number.', handout)).toBeUndefined();
    expect(objectsOfVerbBefore('Fill in the blank: The proof is done using the _____ of the event.', handout)).toBeUndefined();
  });
});

describe('no option the book says does what the sentence says', () => {
  const text: TextbookContent = {
    title: 'Block Ciphers',
    references: [],
    chapters: [
      {
        id: 'c',
        title: 'Block Ciphers',
        content:
          '<p>Each round function operates on the state of the cipher, which holds the plaintext at first.</p>' +
          '<p>The permutation layer operates on a byte level and writes its result back to the state.</p>' +
          '<p>The key addition combines the round key with the state through an XOR operation.</p>' +
          '<p>The target device runs the cipher in a loop, and a clock signal drives the target device.</p>',
        sections: [],
      },
    ],
  };
  const all = bookSentences(text);
  const bookText = all.map((s) => s.plain).join('\n');
  const pool = ['round function', 'permutation layer', 'key addition', 'target device', 'clock signal'].map(term);

  it('offers for "Each _____ operates on the state" no part the book says operates on the state', () => {
    const [item] = termQuestions(all.slice(0, 1), [term('round function')], pool, undefined, undefined, undefined, undefined, bookText);
    expect(item.question.prompt).toContain('Each _____ operates on the state');
    expect(item.question.options).toEqual(expect.arrayContaining(['round function', 'target device', 'clock signal']));
    expect(item.question.options).not.toContain('permutation layer');
    expect(item.question.options).not.toContain('key addition');
    const [loose] = termQuestions(all.slice(0, 1), [term('round function')], pool);
    expect(loose.question.options!.some((o) => o === 'permutation layer' || o === 'key addition')).toBe(true);
  });
});
