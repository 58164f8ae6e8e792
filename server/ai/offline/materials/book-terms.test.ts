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
});
