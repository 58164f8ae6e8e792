import { describe, expect, it } from 'vitest';
import { buildObjectives } from './objectives';
import { CasingIndex, imperativeOf, indefiniteArticle, inTextCase, objectiveForHeading, withArticle } from '@server/ai/shared/phrasing';

const text = [
  'The Taylor series is a representation of a function as an infinite sum of terms. We compute the Taylor series of sin(x).',
  'Differentiation rules such as the chain rule let us compute derivatives of composed functions. The chain rule is used in backpropagation.',
  'The Jacobian is the matrix of all first-order partial derivatives. In the Jacobian, rows belong to outputs.',
  'Gradients are row vectors in this book. Residuals scatter around zero when the model fits.',
  'We plot a regression line through the data and evaluate an integral numerically.',
].join('\n\n');
const casing = new CasingIndex(text);

describe('headings written into objectives as the material writes them', () => {
  it('keeps names capitalised and lowers common words, whatever the heading case', () => {
    expect(inTextCase('Taylor Series', casing)).toBe('Taylor series');
    expect(inTextCase('Differentiation Rules', casing)).toBe('differentiation rules');
    expect(inTextCase('Gradients of Vector-Valued Functions', casing)).toBe('gradients of vector-valued functions');
    expect(inTextCase('RSA and the CRT', casing)).toBe('RSA and the CRT');
    expect(withArticle('Taylor series', casing)).toBe('the Taylor series');
    expect(withArticle('residuals', casing)).toBe('residuals');
  });

  it('gives an abstract noun the text writes bare no "the" for one article that belongs to a longer compound', () => {
    const ad = new CasingIndex(
      [
        'Automatic differentiation applies the chain rule to a program. Automatic differentiation has forward and reverse modes.',
        'We call this automatic differentiation. The automatic differentiation approach is older than neural networks.',
        'Linear regression fits a line. We use linear regression often. Linear regression is common. The linear regression model is old.',
        'The Taylor series expansion of sin has odd powers only. Taylor series expansions converge near a point.',
      ].join(' '),
    );
    expect(withArticle('automatic differentiation', ad)).toBe('automatic differentiation');
    expect(withArticle('linear regression', ad)).toBe('linear regression');
    expect(withArticle('Taylor series', ad)).toBe('the Taylor series');
  });

  it('takes no capitalised article as evidence of a name: the name is the word after it', () => {
    const titled = new CasingIndex('We read The Economist every week. A Study in Scarlet is a novel. Use the multiplication rule.');
    expect(titled.isName('The')).toBe(false);
    expect(titled.isName('A')).toBe(false);
    expect(titled.isName('Economist')).toBe(true);
    expect(inTextCase('The Multiplication Rule', titled)).toBe('the multiplication rule');
    expect(inTextCase('The Economist', titled)).toBe('the Economist');
  });

  it('phrases each heading as something a student can do', () => {
    expect(objectiveForHeading('Taylor Series', casing)).toBe('Explain the Taylor series');
    expect(objectiveForHeading('Differentiation Rules', casing)).toBe('Apply differentiation rules');
    // A heading keeps the colon it was typed with; the sentence made of it does not.
    expect(objectiveForHeading('Differentiation Rules:', casing)).toBe('Apply differentiation rules');
    // A text that writes "The" capitalised inside a line (a name, a title) still gets the article in the sentence's case.
    const titled = new CasingIndex('We read The Economist every week. Use the multiplication rule to count outcomes.');
    expect(objectiveForHeading('The Multiplication Rule', titled)).toBe('Apply the multiplication rule');
    // A heading in two parts is no objective with a verb in front: its second part within its first.
    const plain = new CasingIndex('Count outcomes with rules for counting. Equally likely outcomes make classical probability a ratio.');
    expect(objectiveForHeading('Basic Combinatorics: Rules for Counting', plain)).toBe('Apply rules for counting in basic combinatorics');
    expect(objectiveForHeading('Classical Probability: Equally Likely Outcomes', plain)).toBe(
      'Explain equally likely outcomes in classical probability',
    );
    expect(objectiveForHeading('Example: Lining up for a Photo', plain)).toBe('Work through the example on lining up for a photo');
    expect(objectiveForHeading('Part 2: Rules for Counting', plain)).not.toContain(' in part');
    expect(objectiveForHeading('Plotting a Regression Line', casing)).toBe('Plot a regression line');
    expect(objectiveForHeading('Evaluating an Integral', casing)).toBe('Evaluate an integral');
    expect(objectiveForHeading('How do we calculate p-values…?', casing)).toBe('Explain how to calculate p-values');
    expect(objectiveForHeading('Types of networks (topology)', casing)).toBe('Distinguish the types of networks (topology)');
    expect(objectiveForHeading('Example A: Falling Fridge Magnets', casing)).toBe('Work through Example A (falling fridge magnets)');
    expect(objectiveForHeading('From snow to firn', casing)).toBe('Describe the change from snow to firn');
    // A gerund that is no skill ("Building Blocks") is explained, not turned into an odd imperative.
    expect(objectiveForHeading('Building Blocks', casing)).toBe('Explain building blocks');
    // A heading that is already an instruction is the skill ("Explain add tables" read as nonsense); "Use of ..." is a noun phrase.
    expect(objectiveForHeading('Add tables', casing)).toBe('Add tables');
    const named = new CasingIndex(
      'Simpson’s rule is the Newton–Cotes rule most often used. The Gauß–Hermite rule is exact for polynomials.',
    );
    expect(inTextCase('Newton–Cotes', named)).toBe('Newton–Cotes');
    expect(inTextCase('Gauß–Hermite Quadrature', named)).toBe('Gauß–Hermite quadrature');
    expect(objectiveForHeading('Get some data', casing)).toBe('Get some data');
    expect(objectiveForHeading('Define relationships', casing)).toBe('Define relationships');
    expect(objectiveForHeading('Use of Generative AI in Assignments', casing)).toMatch(/^Explain /);
    expect(imperativeOf('Running')).toBe('Run');
    expect(imperativeOf('Computing')).toBe('Compute');
  });

  it('extraction objectives: grounded in headings, terms and worked examples, never a template with a stray word', () => {
    const view = {
      titles: ['Vector Calculus'],
      sections: [
        { heading: 'Vector Calculus', level: 1, words: 20 },
        { heading: 'Taylor Series', level: 2, words: 300 },
        { heading: 'Differentiation Rules', level: 2, words: 200 },
        { heading: 'List of Figures', level: 2, words: 0 },
        { heading: 'Exercises', level: 2, words: 100 },
      ],
      texts: [text],
      totalWords: 600,
    };
    const objectives = buildObjectives(
      view,
      [
        { phrase: 'Taylor series', score: 1 },
        { phrase: 'respect', score: 0.9 },
        { phrase: 'Cambridge University Press', score: 0.8 },
        { phrase: 'Jacobian', score: 0.7 },
      ],
      'Vector Calculus',
      `${text}\n\nExample 5.3 (Taylor Polynomial) expands a polynomial.`,
    );
    expect(objectives).toEqual([
      'Explain the Taylor series',
      'Apply differentiation rules',
      // Few headings: a concept the material defines is an objective of its own.
      'Explain the Jacobian',
      'Work through Example 5.3 (Taylor polynomial)',
    ]);
    for (const o of objectives)
      expect(o).not.toMatch(/respect|Cambridge|figures|exercises|as the material states|trade-offs|main ideas of/i);
  });
});

describe('indefiniteArticle', () => {
  it('follows the sound, not the letter', () => {
    expect(
      ['integral', 'one-to-many', 'unit', 'uninformed prior', 'European', 'hour', 'SQL', 'LIR', 'DNS', 'model'].map(indefiniteArticle),
    ).toEqual(['an', 'a', 'a', 'an', 'a', 'an', 'an', 'an', 'a', 'a']);
  });
});
