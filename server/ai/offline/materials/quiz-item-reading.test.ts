import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import type { QuizContent } from '@common/materials';
import { AppError } from '@server/core/app-error';
import { isCourseLogistics, itemProblems } from '@server/ai/shared/item-checks';
import { buildMaterial } from '../materials';
import { bookSentences } from '@server/ai/shared/book-sentences';
import { standaloneProblem } from '@server/ai/shared/standalone';

/**
 * Quiz items read one by one against their source sentences, as the instructor would: the sentences are quoted from
 * the course files of the real corpus and of the unseen readings (named in each test), with the item the offline
 * engine built from them. An item with a wrong or ambiguous key, or one not worth asking, is left out.
 */
const cloze = (source: string, answer: string, options?: string[]) => {
  const i = source.indexOf(answer);
  if (i < 0) throw new Error(`"${answer}" is not in "${source}"`);
  const prompt = `Fill in the blank: ${source.slice(0, i)}_____${source.slice(i + answer.length)}`;
  return options
    ? { type: 'multiple-choice' as const, prompt, answer, options, source }
    : { type: 'short-answer' as const, prompt, answer, source };
};

describe('quiz items read against their sources', () => {
  it("leaves a syllabus's logistics out (BEE 4750 syllabus, MathWorks syllabus)", () => {
    for (const [source, answer] of [
      ['Exams will be scanned into Gradescope for grading and feedback.', 'Gradescope'],
      ['Homeworks are due by 9:00pm Eastern Time on the designed due date (usually a Thursday).', 'Homeworks'],
      ['Grades on individual assessments will not be curved.', 'individual assessments'],
      ['Most course communications will occur via Ed Discussion.', 'Ed Discussion'],
      ['The term project will be completed in groups (3-4 students).', 'term project'],
      ['(40 points) Final Report: Each group will submit a 3-5 page final report aimed at an engineering audience.', '40'],
      [
        'Requests for extensions made after the due date will only be considered under extraordinary and unexpected circumstances.',
        'Requests',
      ],
      [
        'Selected topics for which Dr. Marques has prepared slides, MATLAB scripts, and associated assignments, appear underlined.',
        'MATLAB',
      ],
    ])
      expect(itemProblems(cloze(source, answer)), source).toContain('course-logistics');
  });

  it('keeps teaching sentences that name no part of a course (econ103 handout, hwsec notes, mml chapter 5)', () => {
    for (const [source, answer] of [
      [
        'A combination is almost exactly like a permutation with one important difference: for a combination, order doesn’t matter.',
        'permutation',
      ],
      [
        'Side-Channel Analysis (SCA) is based on the passive measurement of physical properties of an implementation while it performs cryptographic operations.',
        'physical properties',
      ],
      ['The generalization of the derivative to functions of several variables is the gradient.', 'gradient'],
      [
        'The core assumption of DPA is that the power consumption (or other side-channel signals) are slightly different if the target device processes a zero bit or a one bit.',
        'power consumption',
      ],
    ])
      expect(itemProblems(cloze(source, answer)), source).toEqual([]);
  });

  it('does not ask a slide\'s exclamation (biochem 3BP3 deck: "_____ mapped to both strands" keyed "sequences", where reads are meant)', () => {
    expect(itemProblems(cloze('Sequences mapped to both strands – no library bias!', 'Sequences'))).toContain('not-a-statement');
    expect(
      itemProblems(cloze('Whole genome SNP analysis provides very high resolution among strains – lots of data!', 'genome')),
    ).toContain('not-a-statement');
    expect(
      itemProblems(
        cloze('Information from homologous traits can be used to infer evolutionary relationships.', 'evolutionary relationships'),
      ),
    ).toEqual([]);
  });

  it('does not blank a slot in an aside listing examples (hwsec notes: "applying _____" keyed "Boolean operators")', () => {
    const source =
      'All operations that we use (permuting bytes, applying Boolean operators) work bitwise, i.e., they operate on each bit independently.';
    expect(itemProblems(cloze(source, 'Boolean operators'))).toContain('example-slot');
    // A blank outside the parentheses is the sentence's own claim.
    const dpa =
      'The core assumption of DPA is that the power consumption (or other side-channel signals) are slightly different if the target device processes a zero bit or a one bit.';
    expect(itemProblems(cloze(dpa, 'power consumption'))).not.toContain('example-slot');
  });

  it('does not ask what "the other" or "the optimization" stands for when the item does not show it (hwsec notes)', () => {
    const other =
      'By writing the expression of the other S-Box output bits, we can hence implement the S-Box using Boolean operations only.';
    expect(
      itemProblems(cloze(other, 'output bits', ['output bits', 'software implementations', 'cryptographic keys', 'dummy operations'])),
    ).toContain('points-back');
    const mentioned =
      'Since the key addition is, as mentioned, usually XOR or rarely arithmetic addition, it is cheap both in hardware (XOR gates are a basic building block) and software (nearly every processor has dedicated XOR and ADD instructions).';
    expect(itemProblems(cloze(mentioned, 'block', ['block', 'cipher', 'attack', 'cryptography']))).toContain('points-back');
    const optimization = 'Obviously, without the guarantee that there is at most one 1 per bit position, the optimization would not work.';
    expect(
      itemProblems(cloze(optimization, 'bit position', ['bit position', 'leakage signal', 'round function', 'key addition'])),
    ).toContain('points-back');
    // "one ... the other" names both.
    expect(
      itemProblems(cloze('One party holds the public key and the other party holds the private key of the pair.', 'public key')),
    ).not.toContain('points-back');
  });

  it('does not blank one of two parallel members (hwsec notes: "The _____ layer ..., while the S-Box layer")', () => {
    const source =
      'The key addition layer is similar in performance for normal and bitsliced implementations, while the S-Box layer is usually more costly when implemented in bitsliced form.';
    expect(itemProblems(cloze(source, 'key addition', ['key addition', 'block cipher', 'clock signal', 'permutation layer']))).toContain(
      'parallel-slot',
    );
    const round =
      'Each round function operates on the state of the cipher, that is usually initialized with the plaintext p and hence of block size n.';
    expect(itemProblems(cloze(round, 'round function', ['round function', 'random mask', 'program code', 'key addition']))).not.toContain(
      'parallel-slot',
    );
  });

  it('keeps the items those rules do not describe (hwsec notes, mml chapter 5)', () => {
    const checks = (source: string, answer: string) => itemProblems(cloze(source, answer, [answer, 'x1', 'x2']));
    const none = ['example-slot', 'parallel-slot', 'points-back'];
    for (const [source, answer] of [
      [
        'In theory, one could realize a bitwise permutation (with significant storage overhead) by storing each bit of the state in a individual byte (leaving the remaining 7 bit set to zero), and then permuting the respective bytes.',
        '7',
      ],
      ['In general, a Taylor polynomial of degree n is an approximation of a function, which does not need to be a polynomial.', 'Taylor'],
      ['Automatic differentiation applies to general computer programs and has forward and reverse modes.', 'computer programs'],
      [
        'The MSP430 architecture is part of the lower end of embedded devices, with a 16-bit Reduced Instruction Set Computer (RISC) architecture and limited computational capabilities.',
        'MSP430',
      ],
    ])
      for (const c of none) expect(checks(source, answer), source).not.toContain(c);
  });
});

describe('a syllabus gets no quiz', () => {
  const p = (...s: string[]) => `<p>${s.join(' ')}</p>`;
  // Sentences of the BEE 4750 syllabus (Word), under headings that do not name logistics.
  const syllabus: TextbookContent = {
    title: 'Course Overview',
    references: [],
    chapters: [
      {
        title: 'Community',
        content: p(
          'Students are encouraged to discuss any concerns with me during office hours or through a course communications channel.',
          'Most course communications will occur via Ed Discussion.',
          'Announcements will be made on the course website and in Ed. Emergency announcements will also be made on Canvas.',
        ),
        sections: [],
      },
      {
        title: 'Assessments',
        content: p(
          'Labs will be graded on a scale of 0-3 on the basis of effort towards demonstrated work, rather than absolute correctness or completion.',
          'Homeworks are due by 9:00pm Eastern Time on the designed due date (usually a Thursday).',
          'Technical challenges submitting assignments are not acceptable reasons for extensions to be granted, and late penalties will apply.',
          'Exams will be scanned into Gradescope for grading and feedback.',
          'The term project will be completed in groups (3-4 students).',
          'No labs will be dropped by default.',
          'Graduate students enrolled in BEE 5750 may work on individual projects, but are not required to do so.',
        ),
        sections: [],
      },
    ],
  };

  it('refuses the whole-book and every chapter quiz and assessment, and says the text is course logistics', () => {
    for (const [contentType, chapterIndex] of [
      ['quiz', undefined],
      ['assessment', undefined],
      ['quiz', 0],
      ['quiz', 1],
    ] as const) {
      let error: unknown;
      try {
        buildMaterial({ book: syllabus, contentType, chapterIndex });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as Error).message).toMatch(/reads as course logistics/);
    }
  });

  it('still quizzes teaching text that mentions the course once, and leaves that sentence out (hwsec notes)', () => {
    const notes: TextbookContent = {
      title: 'Hardware Security',
      references: [],
      chapters: [
        {
          title: 'Implementation Attacks',
          content: p(
            'Side-Channel Analysis (SCA) is based on the passive measurement of physical properties of an implementation while it performs cryptographic operations.',
            'In the field of embedded systems and hardware, implementation attacks are often based on measuring or manipulating physical properties, e.g., recording the power consumption, inducing faults during computations, and so on.',
            'The core assumption of DPA is that the power consumption (or other side-channel signals) are slightly different if the target device processes a zero bit or a one bit.',
            'A first way to reduce the SNR is to reduce the power of the leakage signal by balancing the power consumption.',
            'The timing randomization then is applied on top of the constant-runtime algorithm, e.g., by inserting dummy cycles.',
            'For a long time, it was believed that designing a mathematically secure algorithm is sufficient to protect the respective cryptographic keys.',
            'Students will submit a report on fault attacks against the cryptographic keys of a smart card in the lab.',
          ),
          sections: [],
        },
      ],
    };
    const quiz = buildMaterial({ book: notes, contentType: 'quiz' });
    const { questions } = quiz.content as QuizContent;
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.filter((q) => isCourseLogistics(q.source))).toEqual([]);
  });
});

describe('one quiz, one item per sentence', () => {
  const p = (...s: string[]) => `<p>${s.join(' ')}</p>`;
  it('does not ask "Define X." whose model answer is the sentence another item of the quiz quotes (econ103 handout)', () => {
    const book: TextbookContent = {
      title: 'Basic Combinatorics and Classical Probability',
      references: [],
      chapters: [
        {
          title: 'Basic Combinatorics: Rules for Counting',
          content: p(
            'A permutation is an ordered arrangement of objects taken from a set without repetition.',
            'A combination is almost exactly like a permutation with one important difference: for a combination, order doesn’t matter.',
            'The multiplication rule counts the outcomes of a sequence of choices by multiplying the number of options at each step.',
            'A factorial is the product of all positive whole numbers up to a given number, and it counts the orderings of a set.',
          ),
          sections: [],
        },
        {
          title: 'Classical Probability: Equally Likely Outcomes',
          content: p(
            'Classical Probability is the name given to the special case in which all basic outcomes are equally likely.',
            'Since basic outcomes are, by definition, mutually exclusive, it follows that to calculate the probability of any event A we simply need to count how many of the basic outcomes are contained in A and divide by the total number of basic outcomes.',
            'A fair coin lands on heads and on tails with equal probability, so each of its two basic outcomes is equally likely.',
          ),
          sections: [],
        },
      ],
    };
    const { questions } = buildMaterial({ book, contentType: 'quiz' }).content as QuizContent;
    expect(questions.length).toBeGreaterThan(1);
    const sources = questions.map((q) => q.source.toLowerCase());
    expect(new Set(sources).size).toBe(sources.length);
  });

  it('does not blank what a formula\'s notation names (mml chapter 5: "p(x) = N (μ, Σ) is _____" keyed "Gaussian")', () => {
    const source =
      'The Taylor series expansion of f is one way of finding an approximate solution: Assuming p(x) = N (μ, Σ) is Gaussian, then the first-order Taylor series expansion around μ locally linearizes the nonlinear function f.';
    expect(itemProblems(cloze(source, 'Gaussian'))).toContain('half-given');
    expect(itemProblems(cloze('The Hessian is the collection of all second-order partial derivatives.', 'Hessian'))).not.toContain(
      'half-given',
    );
  });
});

describe("a deck's bullets", () => {
  it('reads each bullet with a finite verb as a sentence as printed, and a label or a fragment as none (biol5081 mixed-effects deck)', () => {
    const deck =
      '<ul><li><p>How to know which one to use?</p></li><li><p>Random effects are always factors (i.e not continuous)</p><ul><li><p>always 3+ levels (but probably more)</p></li></ul></li>' +
      '<li><p>Random effects are not sampled comprehensively (i.e. are sampled at random)</p></li><li><p>Block designs</p></li>' +
      '<li><p>Nucleotide difference among strains used in a RAxML analysis</p></li></ul>';
    const book: TextbookContent = {
      title: 'Mixed effects',
      references: [],
      chapters: [{ title: 'Fixed vs Random effect?', content: deck, sections: [] }],
    };
    const read = (listItems: boolean) =>
      bookSentences(book, { listItems })
        .filter((s) => s.isStandalone)
        .map((s) => s.text);
    expect(read(true)).toEqual([
      'Random effects are always factors (i.e not continuous)',
      'Random effects are not sampled comprehensively (i.e. are sampled at random)',
    ]);
    // Without it (summaries, objectives) the bullets are read as before.
    expect(read(false)).not.toContain('Random effects are always factors (i.e not continuous)');
  });

  it('does not offer an option that is a piece of another (chemical kinetics notes: "steady state" beside "steady state approximation")', () => {
    const source = 'The steady state approximation assumes the overall rate of change of an intermediate is 0.';
    expect(
      itemProblems(
        cloze(source, 'steady state approximation', ['rate law', 'steady state approximation', 'steady state', 'activation energy']),
      ),
    ).toContain('nested-options');
    const converter = 'The hydrocarbons and carbon monoxide are oxidized inside the catalytic converter.';
    expect(
      itemProblems(cloze(converter, 'catalytic converter', ['reaction mechanism', 'catalytic converter', 'mechanism', 'rate law'])),
    ).toContain('nested-options');
    expect(
      itemProblems(cloze(converter, 'catalytic converter', ['reaction mechanism', 'catalytic converter', 'rate law', 'activation energy'])),
    ).toEqual([]);
  });

  it('does not blank a clause that leans on a label before a semicolon (chemical kinetics notes: "An aside comment; the _____ ...")', () => {
    const source = 'An aside comment; the activation energy can also be negative.';
    expect(itemProblems(cloze(source, 'activation energy', ['rate law', 'activation energy', 'catalytic converter']))).toContain(
      'fragment',
    );
    expect(standaloneProblem(source)).toBe('opens with a label, not a clause');
    // Two clauses joined by a semicolon are a sentence.
    const clauses = 'The rate law is found by experiment; the mechanism is proposed to explain it.';
    expect(standaloneProblem(clauses)).toBeUndefined();
    expect(itemProblems(cloze(clauses, 'rate law', ['rate law', 'activation energy', 'catalytic converter']))).toEqual([]);
  });

  it("does not ask about a solution's numbered choices, nor blank a piece of a file name (Software Carpentry shell lessons)", () => {
    const option = 'For option 2 to be correct we would only run the tail command.';
    expect(itemProblems(cloze(option, 'tail command', ['tail command', 'head command', 'cat command']))).toContain('points-back');
    const correct = '4 is the correct answer. * matches zero or more characters, so any file name starting with c will be matched.';
    expect(itemProblems(cloze(correct, 'correct answer'))).toContain('points-back');
    const file = 'As a final check, she opens another terminal window and uses cat stats-NENE01729B.txt to examine one output file.';
    expect(itemProblems(cloze(file, 'stats-NENE01729B'))).toContain('fragment');
    expect(
      itemProblems(cloze('Prints cubane.pdb, ethane.pdb, and methane.pdb, and the text from all three files is saved.', 'Prints cubane')),
    ).toContain('fragment');
    // A sentence that names options in general, and a term followed by a stop, are statements.
    const fine = 'The sort command has many options that change the order in which it prints the lines of a file.';
    expect(itemProblems(cloze(fine, 'sort command'))).toEqual([]);
    expect(itemProblems(cloze('The shell typically uses a dollar sign as the prompt, but may use a different symbol.', 'prompt'))).toEqual(
      [],
    );
  });
});
