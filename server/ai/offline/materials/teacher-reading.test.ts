import { describe, expect, it } from 'vitest';
import type { DocBlock, DocSection } from '@server/core/document-model';
import { htmlToText } from '@common/textbook-ops/html';
import { combinedNote } from '../materials';
import { chapterReview, digestUnit } from '../outline/apparatus';
import type { BookSentence } from '@server/ai/shared/book-sentences';
import type { BookTerm } from './book-terms';
import { termDistractors } from './distractors';
import { itemProblems } from '@server/ai/shared/item-checks';
import type { MaterialScope } from './scope';
import { answeredPrompt } from './questions';
import { settingSentences } from './setting-parts';

const mc = (prompt: string, answer: string, options: string[], source: string) => ({
  type: 'multiple-choice' as const,
  prompt: `Fill in the blank: ${prompt}`,
  answer,
  options,
  source,
});

describe('items a teacher would strike on reading them', () => {
  it('refuses a key the sentence gives away: a contrast, a longer word, a notation, the other half of a pair', () => {
    const contrast = 'The disadvantage of the Bellcore attack is that it requires a correct and a faulty signature on the same plaintext.';
    expect(
      itemProblems(
        mc(
          'The disadvantage of the Bellcore attack is that it requires a correct and a(n) _____ on the same plaintext.',
          'faulty signature',
          ['faulty signature', 'key addition', 'permutation layer', 'bit position'],
          contrast,
        ),
      ),
    ).toContain('half-given');
    const glitch = 'Manipulate the supply voltage to expose the device to short overvoltages and undervoltages.';
    expect(
      itemProblems(
        mc(
          'Manipulate the _____ to expose the device to short overvoltages and undervoltages.',
          'supply voltage',
          ['supply voltage', 'power consumption', 'block cipher', 'clock signal'],
          glitch,
        ),
      ),
    ).toContain('half-given');
    const scaling = 'The absolute value of the determinant |det(J)| is the factor areas or volumes are scaled by.';
    expect(
      itemProblems(
        mc(
          'The absolute value of the _____ |det(J)| is the factor areas or volumes are scaled by.',
          'determinant',
          ['determinant', 'gradient', 'derivative', 'polynomial'],
          scaling,
        ),
      ),
    ).toContain('half-given');
    const rounds = 'Block ciphers apply a round function multiple times to map plaintext to ciphertext in every design.';
    expect(
      itemProblems(
        mc(
          'Block ciphers apply a round function multiple times to map plaintext to _____ in every design.',
          'ciphertext',
          ['ciphertext', 'round key', 'key schedule', 'state'],
          rounds,
        ),
      ),
    ).toContain('half-given');
    const against = 'Countermeasures against fault attacks can be divided into detection-based and algorithmic approaches.';
    expect(
      itemProblems(
        mc(
          'Countermeasures against _____ can be divided into detection-based and algorithmic approaches.',
          'fault attacks',
          ['fault attacks', 'bit registers', 'output bits', 'round keys'],
          against,
        ),
      ),
    ).toContain('half-given');
    const compound = 'Simple Power Analysis is an umbrella term for side-channel attacks that inspect one or a few traces.';
    expect(
      itemProblems(
        mc(
          'Simple Power Analysis is an umbrella term for side-channel _____ that inspect one or a few traces.',
          'attacks',
          ['attacks', 'ciphers', 'faults', 'countermeasures'],
          compound,
        ),
      ),
    ).toContain('half-given');
    const reversed = 'Countermeasures against fault attacks fall into detection-based and algorithmic approaches.';
    expect(
      itemProblems(
        mc(
          '_____ against fault attacks fall into detection-based and algorithmic approaches.',
          'countermeasures',
          ['countermeasures', 'ciphers', 'faults', 'permutations'],
          reversed,
        ),
      ),
    ).toContain('half-given');
    const examples = 'For bit-oriented ciphers like PRESENT or DES, bitslicing gives a significant performance increase.';
    expect(
      itemProblems({
        type: 'short-answer',
        prompt: 'Fill in the blank: For bit-oriented ciphers like _____ or DES, bitslicing gives a significant performance increase.',
        answer: 'PRESENT',
        source: examples,
      }),
    ).toContain('example-slot');
    const bars = 'The absolute value of the Jacobian determinant |det(J)| is the factor volumes are scaled by.';
    expect(
      itemProblems(
        mc(
          'The _____ of the Jacobian determinant |det(J)| is the factor volumes are scaled by.',
          'absolute value',
          ['absolute value', 'row vector', 'chain rule', 'scaling factor'],
          bars,
        ),
      ),
    ).toContain('half-given');
    // A fair item on the same sentence passes.
    expect(
      itemProblems(
        mc(
          'Block ciphers apply a(n) _____ multiple times to map plaintext to ciphertext in every design.',
          'round function',
          ['round function', 'key schedule', 'random mask', 'leakage signal'],
          'Block ciphers apply a round function multiple times to map plaintext to ciphertext in every design.',
        ),
      ),
    ).toEqual([]);
  });

  it('refuses prompts that lean on the sentence before, keys that say nothing of the subject, and sentences that lost their symbols', () => {
    const asWell = 'The code size may increase as well, especially if the S-Box requires many Boolean operations.';
    expect(
      itemProblems(
        mc(
          'The _____ may increase as well, especially if the S-Box requires many Boolean operations.',
          'code size',
          ['code size', 'computational complexity', 'leakage signal', 'round function'],
          asWell,
        ),
      ),
    ).toContain('points-back');
    const besides = 'Besides, the operations to bring the input states into bitsliced form add computational complexity.';
    expect(
      itemProblems(
        mc(
          'Besides, the operations to bring the input states into bitsliced form add _____.',
          'computational complexity',
          ['computational complexity', 'program code', 'control flow', 'round keys'],
          besides,
        ),
      ),
    ).toContain('points-back');
    const idea = 'The core idea is best explained by revisiting the problem of permutations on a processor.';
    expect(
      itemProblems(
        mc(
          'The _____ is best explained by revisiting the problem of permutations on a processor.',
          'core idea',
          ['core idea', 'block cipher', 'clock signal', 'program code'],
          idea,
        ),
      ),
    ).toContain('generic-key');
    const lost = 'The sboxLayer operation applies the PRESENT S-Box to the state, i.e., a total of/4 = 16 times.';
    expect(
      itemProblems({
        type: 'short-answer',
        prompt: 'Fill in the blank: The sboxLayer operation applies the _____ S-Box to the state, i.e., a total of/4 = 16 times.',
        answer: 'PRESENT',
        source: lost,
      }),
    ).toContain('symbols-lost');
  });

  it('refuses options where the key is the odd one out', () => {
    const source = 'The Taylor series is a representation of a function as an infinite sum of terms.';
    const problems = itemProblems(
      mc(
        'The _____ is a representation of a function as an infinite sum of terms.',
        'Taylor series',
        ['Jacobian determinant', 'Jacobian tensor', 'Taylor series', 'Jacobian matrix'],
        source,
      ),
    );
    expect(problems).toContain('odd-one-out');
    expect(
      itemProblems(
        mc(
          'The _____ is a representation of a function as an infinite sum of terms.',
          'Taylor series',
          ['Jacobian matrix', 'chain rule', 'Taylor series', 'Hessian matrix'],
          source,
        ),
      ),
    ).not.toContain('odd-one-out');
  });

  it('asks "Define A and B" only of the objects its model answer speaks of', () => {
    const sentence = (plain: string) => ({ plain }) as BookSentence;
    const support = [sentence('The Taylor series is a representation of a function f as an infinite sum of terms.')];
    expect(answeredPrompt({ text: 'Define the Taylor series and the Taylor polynomial', support })).toBe('Define the Taylor series.');
    expect(answeredPrompt({ text: 'Define the Hessian', support })).toBeUndefined();
    // Named is not defined: "Power consumption The power ... depends on the processed data" does not say what it is.
    expect(
      answeredPrompt({
        text: 'Define a quad',
        support: [sentence('Each block of numbers in an address is called a quad and can name a subnet.')],
      }),
    ).toBe('Define a quad.');
    expect(
      answeredPrompt({
        text: 'Define power consumption, dummy operations and Chinese Remainder Theorem',
        support: [
          sentence('Power consumption is the current an IC draws, and it depends on the processed data.'),
          sentence('Dummy operations are the operations whose results are thrown away.'),
          sentence('The dummy operations must look like real ones.'),
        ],
      }),
    ).toBe('Define power consumption and dummy operations.');
    expect(
      answeredPrompt({
        text: 'Define power consumption and dummy operations',
        support: [
          sentence('Power consumption The power consumption of an IC depends on the processed data.'),
          sentence('The dummy operations must look real.'),
        ],
      }),
    ).toBeUndefined();
  });
});

describe('distractors a student cannot rule out at a glance', () => {
  const term = (key: string, count: number, isProper = false): BookTerm => ({
    key,
    stem: key.replace(/s\b/g, ''),
    surface: key,
    words: key.split(' ').length,
    count,
    chapterCounts: new Map([[0, count]]),
    isProper,
    isPlural: false,
  });
  it('never offers a word every text uses, nor a word the book uses only inside a phrase', () => {
    const pool = [
      term('chain rule', 9),
      term('chain', 10),
      term('information', 30),
      term('gradient', 12),
      term('jacobian', 8),
      term('hessian', 6),
      term('determinant', 5),
    ];
    const picked = termDistractors(term('derivative', 20), pool, {
      exclude: 'The derivative of a sum is the sum of the derivatives.',
      seed: 1,
      count: 3,
    });
    for (const t of picked) expect(['gradient', 'jacobian', 'hessian', 'determinant']).toContain(t.key);
    expect(picked.map((t) => t.key)).not.toContain('information');
    expect(picked.map((t) => t.key)).not.toContain('chain');
    expect(picked).toHaveLength(3);
  });

  it('never offers a kind of thing the sentence already names ("leakage signal" beside "or other side-channel signals")', () => {
    const pool = [
      term('leakage signal', 6),
      term('clock signal', 5),
      term('round function', 6),
      term('output bit', 5),
      term('random mask', 4),
      term('key length', 4),
    ];
    for (const seed of [0, 1, 2, 3, 4, 5]) {
      const picked = termDistractors(term('power consumption', 9), pool, {
        exclude:
          'The core assumption of DPA is that the power consumption (or other side-channel signals) differs when the device processes a zero bit or a one bit.',
        seed,
        count: 3,
      }).map((t) => t.key);
      expect(picked).not.toContain('leakage signal');
      expect(picked).not.toContain('clock signal');
      expect(picked).toHaveLength(3);
    }
  });

  it('never offers two pieces of one longer term (chemical kinetics notes: "steady state", "state approximation")', () => {
    const pool = [
      term('steady state approximation', 4),
      term('steady state', 4),
      term('state approximation', 4),
      term('rate law', 6),
      term('reaction mechanism', 3),
      term('activation energy', 3),
    ];
    for (const seed of [0, 1, 2, 3, 4, 5]) {
      const picked = termDistractors(term('catalytic converter', 2), pool, {
        exclude: 'Hydrocarbons and carbon monoxide are oxidized inside the catalytic converter.',
        seed,
        count: 3,
      }).map((t) => t.key);
      expect(picked).not.toContain('steady state');
      expect(picked).not.toContain('state approximation');
      expect(picked).toHaveLength(3);
    }
    // A shorter term the book also uses on its own ("steady state" used more than twice as often alone) stays a term.
    const alone = [0, 1, 2, 3].flatMap((seed) =>
      termDistractors(
        term('catalytic converter', 2),
        [term('steady state approximation', 4), term('steady state', 12), term('rate law', 6), term('activation energy', 3)],
        { exclude: 'Hydrocarbons and carbon monoxide are oxidized inside the catalytic converter.', seed, count: 3 },
      ).map((t) => t.key),
    );
    expect(alone).toContain('steady state');
  });
});

describe('the setting of a task is not quizzed', () => {
  const s = (text: string, chapterTitle: string, sectionTitle?: string, chapterIndex = 0): BookSentence => ({
    text,
    plain: text,
    chapterIndex,
    chapterTitle,
    sectionTitle,
    order: 0,
    isStandalone: true,
  });
  it('marks a part that opens made-up settings, and a task chapter, but not a lecture that asks questions', () => {
    const tasks = [
      s('Imagine a manufacturing plant that produces stools.', 'Confidence Intervals'),
      s('If the belt before the first workstation is full then new stools fall to the floor and break.', 'Confidence Intervals'),
      s('A bicycle repair shop would like to reconfigure in order to guarantee short waits.', 'Confidence Intervals'),
    ];
    const cafe = [s('Customers only wanting cold food must queue at the cold food counter.', 'Task 3: A Café', undefined, 1)];
    const lecture = [
      s('How many ways can we arrange three people in a row?', 'Permutations', undefined, 2),
      s('What does the order change?', 'Permutations', undefined, 2),
      s('A permutation is an ordered arrangement of objects.', 'Permutations', undefined, 2),
    ];
    const setting = settingSentences([...tasks, ...cafe, ...lecture]);
    for (const x of [...tasks, ...cafe]) expect(setting.has(x)).toBe(true);
    for (const x of lecture) expect(setting.has(x)).toBe(false);
  });
});

describe('why a chapter is combined with its neighbours', () => {
  const scope = (words: number) => ({ scope: { words } as MaterialScope, checked: { success: true, data: { questions: [1, 2] } } });
  it('says a long chapter lacks sentences to ask about, not that it is too short', () => {
    const note = combinedNote('Basic Combinatorics', 'quiz', scope(1848));
    expect(note).not.toMatch(/too short/);
    expect(note).toMatch(/"Basic Combinatorics" has 1,848 words, but only 2 of its sentences define a term or state a fact/);
    expect(combinedNote('Gateways', 'quiz', scope(40))).toMatch(/"Gateways" alone is too short for a quiz/);
  });

  it('agrees its verbs with one sentence and with none', () => {
    const made = (questions: number[]) => ({ scope: { words: 683 } as MaterialScope, checked: { success: true, data: { questions } } });
    expect(combinedNote('Linear regression', 'quiz', made([1]))).toMatch(
      /"Linear regression" has 683 words, but only 1 of its sentences defines a term or states a fact with one right answer/,
    );
    expect(combinedNote('Linear regression', 'quiz', made([]))).toMatch(/but none of its sentences define a term or state a fact/);
  });
});

describe('a summary of central sentences', () => {
  const p = (text: string): DocBlock => ({ kind: 'paragraph', text });
  const unit = (title: string, blocks: DocBlock[], children: DocSection[] = []): DocSection => ({
    title,
    level: 1,
    depth: 1,
    pos: {},
    blocks,
    children,
  });
  it('never picks framing, a line leaning on the one before, an assumption, a figure pointer or a citation', () => {
    const chapter = unit(
      'Vector Calculus',
      [p('Gradients tell how a function changes when its inputs change a little.')],
      [
        unit('Partial Differentiation', [
          p('In this section we look at functions of several variables and their partial derivatives in turn.'),
          p('Furthermore assume that the function is differentiable in every one of its variables at every point.'),
          p('In the multivariate case, we can do exactly the same with every variable of the function.'),
          p('The additional terms that we need to compute are indicated by the boxes in the picture.'),
          p('Sometimes we need derivatives of higher order for optimisation (Nocedal and Wright, 2006).'),
          p('The gradient of a function of several variables collects the partial derivatives of the function in a row vector.'),
          p('A partial derivative of a function varies one variable of the function and keeps the other variables fixed.'),
        ]),
        unit('Task 1: A Factory', [p('The factory would like to know how many stools break on the conveyor belt every hour.')]),
      ],
    );
    const review = htmlToText(chapterReview(digestUnit(chapter)));
    expect(review).toMatch(/Summary Partial differentiation: (?:The gradient of a function|A partial derivative of a function)/i);
    expect(review).not.toMatch(/In this section|Furthermore|exactly the same|indicated by|Nocedal|stools/);
  });
});
