import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import {
  apparatusOf,
  apparatusRow,
  definitionDefect,
  isOwnWordsQuestion,
  quizItemFailures,
  repeatedKeys,
  repeatsHeading,
} from './apparatus-measures';

const book: TextbookContent = {
  title: 'Networks',
  references: [],
  chapters: [
    {
      title: 'Names',
      content:
        '<h3>Learning Objectives</h3><p>After this chapter you should be able to:</p><ul><li><p>Explain names.</p></li><li><p>Define a quad.</p></li><li><p>Apply the chain rule to compute partial derivatives (Example 5.6).</p></li></ul><hr /><p>Text.</p>',
      sections: [
        { title: 'Domain names', content: '<p>Text.</p>' },
        {
          title: 'Summary and Review',
          content:
            '<h3>Key Terms</h3><ul><li><p><strong>quad</strong>: Each block of numbers is called a quad.</p></li><li><p><strong>Affine mapping</strong>: For two vector spaces V, W and a lin-</p></li></ul><h3>Review Questions</h3><ol><li><p>What is a quad?</p></li><li><p>Explain domain names in your own words.</p></li></ol>',
        },
      ],
    },
  ],
};

describe('the apparatus measures of the textbook-quality report', () => {
  it('reads the objectives, review questions and key terms the book prints', () => {
    const a = apparatusOf(book);
    expect(a.objectives).toHaveLength(3);
    expect(a.reviewQuestions).toEqual(['What is a quad?', 'Explain domain names in your own words.']);
    expect(a.keyTerms.map((t) => t.term)).toEqual(['quad', 'Affine mapping']);
  });

  it('counts an objective that only puts a verb before a heading, not one that names what the unit does', () => {
    const headings = ['Names', 'Domain names', 'Taylor Series'];
    expect(repeatsHeading('Explain names.', headings)).toBe(true);
    expect(repeatsHeading('Explain domain names.', headings)).toBe(true);
    expect(repeatsHeading('Define the Taylor series.', headings)).toBe(false);
    expect(repeatsHeading('Compute a Taylor polynomial (Example 5.3).', headings)).toBe(false);
    expect(repeatsHeading('Explain why the sky is blue.', headings)).toBe(false);
  });

  it('tells template review questions, cut definitions and failing quiz items', () => {
    expect(isOwnWordsQuestion('Explain names in your own words.')).toBe(true);
    expect(isOwnWordsQuestion('Compare TCP vs. UDP: what do they share and where do they differ?')).toBe(true);
    expect(isOwnWordsQuestion('What is a quad?')).toBe(false);
    expect(definitionDefect('For two vector spaces V, W and a lin-')).toBe('cut at a hyphen');
    expect(definitionDefect('this is our estimate of the error.')).toBe('starts mid-sentence');
    expect(definitionDefect('A quad is one block of numbers of an IP address.')).toBeUndefined();
    // "... is defined as" is whole when its formula is printed under it, cut when it is not.
    expect(definitionDefect('The Taylor polynomial of degree n of f at x0 is defined as', true)).toBeUndefined();
    expect(definitionDefect('The Taylor polynomial of degree n of f at x0 is defined as')).toBe('no full stop');
    expect(
      quizItemFailures({
        type: 'short-answer',
        prompt: 'Fill in the blank: The Kalman filter (Kalman, _____) is optimal.',
        answer: '1960',
      }),
    ).toContain('citation year');
    expect(
      quizItemFailures({ type: 'true-false', prompt: 'True or false: From (5.40), the gradient is a row vector.', answer: 'True' }),
    ).toContain('page element');
    expect(
      quizItemFailures({
        type: 'multiple-choice',
        prompt: 'Fill in the blank: Each task is worth _____ points.',
        answer: '2',
        options: ['2', 'five', '10'],
        source: 'Each task is worth 5 points.',
      }),
    ).toEqual(['key not in source', 'options of mixed kinds']);
    expect(
      repeatedKeys([
        { type: 'short-answer', prompt: 'One?', answer: 'A B.' },
        { type: 'short-answer', prompt: 'Two?', answer: 'a b' },
      ]),
    ).toEqual([1]);
  });

  it('tells a prompt leaning on text it does not show and a key every text uses', () => {
    const blank = (prompt: string, answer = 'packet') =>
      quizItemFailures({ type: 'short-answer', prompt: `Fill in the blank: ${prompt}`, answer });
    expect(blank('In the latter case, the _____ is sent twice.')).toContain('leans on unseen text');
    expect(blank('This probability is called the _____.', 'marginal probability')).toContain('leans on unseen text');
    expect(blank('The algorithm hence stores each _____ once.')).toContain('leans on unseen text');
    expect(blank('A(n) _____ is sent from node to node along a route.')).toEqual([]);
    expect(blank('In this book, a(n) _____ is sent from node to node.')).toEqual([]);
    expect(blank('Each step of the _____ is repeated n times.', 'algorithm')).toContain('key every text uses');
    expect(blank('Each step of the _____ is repeated n times.', 'Euclidean algorithm')).toEqual([]);
  });

  it('reads a key term with its inline formulas, so a formula is not taken for a lost symbol', () => {
    const math = (latex: string) => `<span data-type="inline-math" data-latex="${latex}"></span>`;
    const withMath: TextbookContent = {
      ...book,
      chapters: [
        {
          ...book.chapters[0],
          sections: [],
          content: `<h3>Key Terms</h3><ul><li><p><strong>Jacobian</strong>: The collection of all first-order partial derivatives of f : ${math('\\mathbb{R}^{n}')} → ${math('\\mathbb{R}^{m}')} is called the Jacobian.</p></li></ul>`,
        },
      ],
    };
    const [term] = apparatusOf(withMath).keyTerms;
    expect(term.definition).toBe(
      'The collection of all first-order partial derivatives of f : \\(\\mathbb{R}^{n}\\) → \\(\\mathbb{R}^{m}\\) is called the Jacobian.',
    );
  });

  it('makes one row per document: shares, counts and refused requests on chapters over 150 words', () => {
    const row = apparatusRow(book, [
      { chapterWords: 400 },
      { chapterWords: 100 },
      { chapterWords: 300, items: [{ type: 'true-false', prompt: 'True or false: A quad is one block of numbers.', answer: 'True' }] },
    ]);
    expect(row.cells).toEqual(['33% (1/3)', '50% (1/2)', '1/2', '0/1', '1']);
  });
});
