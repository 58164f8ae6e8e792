import { describe, expect, it } from 'vitest';
import type { BookSentence } from '@server/ai/shared/book-sentences';
import { bookTerms } from './book-terms';

const sentences = (texts: string[]): BookSentence[] =>
  texts.map((text, order) => ({ text, plain: text, chapterIndex: 0, chapterTitle: 'Vectors', order, isStandalone: true }));

describe('key terms of a book', () => {
  it('leaves out a word that only opens sentences as an imperative ("Notice that ..."), keeps a term that opens them too', () => {
    const terms = bookTerms(
      sentences([
        'Notice that the zero vector is a vector quantity and its magnitude is a scalar quantity.',
        '(Notice the difference between the last two expressions!)',
        'Notice this definition only uses the magnitude and the direction of a vector.',
        'Velocity is a vector quantity with a magnitude called speed.',
        'Velocity changes when a force acts on a body.',
        'The velocity of a body at rest is the zero vector.',
      ]),
    ).map((t) => t.key);
    expect(terms).not.toContain('notice');
    expect(terms).toContain('velocity');
    expect(terms).toContain('vector quantity');
  });

  it('never cuts a hyphenated compound: "right-hand rule" gives no "hand rule"', () => {
    const terms = bookTerms(
      sentences([
        'The right-hand rule gives the direction of the cross product.',
        'Curl your fingers as the right-hand rule says to find the rotation axis.',
        'A left-handed system breaks the right-hand rule of the cross product.',
      ]),
    ).map((t) => t.key);
    expect(terms).toContain('cross product');
    expect(terms).not.toContain('hand rule');
  });

  it('takes no modifier the book mostly hyphenates before a noun: "higher-order derivatives" gives no "higher order"', () => {
    const terms = bookTerms(
      sentences([
        "Sometimes we are interested in derivatives of higher order, e.g., for Newton's method.",
        'Higher-order partial derivatives are written with the same notation as the gradient.',
        'The Taylor series uses higher-order derivatives and the gradient of the function.',
        'A higher-order polynomial needs terms of fourth or higher order in its expansion.',
        'The Jacobian collects the partial derivatives and the gradient is one of its rows.',
        'Higher-order derivatives and mixed derivatives of a polynomial are computed in turn.',
      ]),
    ).map((t) => t.key);
    expect(terms).toContain('partial derivatives');
    expect(terms).not.toContain('higher order');
  });

  it('takes no comparative as a term: "derivatives of higher order" gives no "higher order"', () => {
    const terms = bookTerms(
      sentences([
        "Sometimes we are interested in derivatives of higher order, e.g., for Newton's method.",
        'The Taylor expansion contains terms of fourth or higher order to express the polynomial.',
        'The gradient collects the partial derivatives of the function in a row vector.',
        'The gradient of a polynomial is computed from its partial derivatives.',
      ]),
    ).map((t) => t.key);
    expect(terms).toContain('partial derivatives');
    expect(terms).not.toContain('higher order');
  });

  it('never cuts a compound after a number and a hyphen: "1-dimensional array" gives no "dimensional array"', () => {
    const terms = bookTerms(
      sentences([
        'A vector can be implemented as a 1-dimensional array, a matrix as a 2-dimensional array.',
        'A tensor of order three is stored as a 3-dimensional array in memory.',
        'The memory layout of a 2-dimensional array is row by row.',
      ]),
    ).map((t) => t.key);
    expect(terms).toContain('array');
    expect(terms).not.toContain('dimensional array');
  });

  it('holds no phrase of a subject and its verb, a verb and its object, a judgement or a file name', () => {
    const terms = bookTerms(
      sentences([
        'Prints cubane.pdb and the head command shows the first lines of the file.',
        'Prints cubane.pdb again, then the tail command shows its last lines.',
        'The head command stops after ten lines; the tail command reads from the end.',
        'All the files end in .pdb, so the data files are easy to select with a wildcard.',
        'If the files end in .txt, the data files are still read by the head command.',
        'The correct answer is the one with the fewest lines in the data files.',
        'Another correct answer keeps the fewest lines of stats-NENE01729B.txt in the data files.',
        'Compare stats-NENE01729B with the output of the tail command.',
        'The sample stats-NENE01729B gives other totals.',
        'Remove stats-NENE01729B from the list of files.',
        'Library folks find interesting stuff in the data files, in a predictable manner.',
        'Other library folks read interesting stuff with the head command in a predictable manner.',
        'The MSP430 is a small processor; the MSP430 runs the data files, and the MSP430 reads the head command.',
      ]),
    ).map((t) => t.key);
    // A part's name with a number is a term.
    expect(terms).toEqual(expect.arrayContaining(['head command', 'tail command', 'data files', 'msp430']));
    for (const phrase of [
      'prints cubane',
      'files end',
      'correct answer',
      'fewest lines',
      'stats-nene01729b',
      'interesting stuff',
      'library folks',
      'predictable manner',
    ])
      expect(terms).not.toContain(phrase);
  });

  it('leaves out a person of the examples, whom the text calls she or he, and keeps a name the text calls it', () => {
    const terms = bookTerms(
      sentences([
        'Nelle has run her samples through the assay machines.',
        'She wants to process the files with a script.',
        'Nelle is now ready to process her data files with Python.',
        'Python reads each file and prints its totals.',
        'Nelle runs the script in Python on every file of her directory.',
        'Python is a language; it runs on every machine.',
      ]),
    ).map((t) => t.key);
    expect(terms).toContain('python');
    expect(terms).not.toContain('nelle');
  });
});
