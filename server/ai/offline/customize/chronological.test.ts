import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { chronologicalOrder, earliestYear } from './chronological';

const chapter = (title: string, text: string) => ({ id: title, title, content: `<p>${text}</p>`, sections: [] });

describe('earliestYear reads dates, not numbers', () => {
  it('takes years said as dates, decades, centuries and eras', () => {
    expect(earliestYear('Babbage designed the engine in 1822.')).toBe(1822);
    expect(earliestYear('The Manchester Baby ran in June 1948.')).toBe(1948);
    expect(earliestYear('Machines of the 1950s filled rooms.')).toBe(1950);
    expect(earliestYear('Aristotle wrote in 350 BC.')).toBe(-350);
  });

  it('does not read counts, sizes or formulas as years', () => {
    expect(earliestYear('A table with 1024 rows has 2048 cells.')).toBeNull();
    expect(earliestYear('There are 1024 possible valuations of ten sentence letters.')).toBeNull();
    expect(earliestYear('We have \\(2^{10} = 1024\\) rows in 1024 steps.')).toBeNull();
    expect(earliestYear('The Kalman filter (Kalman, 1960) estimates a state.')).toBeNull();
  });
});

describe('chronologicalOrder', () => {
  it('refuses a book that is not a history, with a reason and an example that works', () => {
    const logic: TextbookContent = {
      title: 'Logic',
      references: [],
      chapters: [
        chapter('Preface', 'This book was written in 2005 for a first course.'),
        chapter('Sentential logic', 'A sentence is either true or false; Frege wrote about it in 1879.'),
        chapter('Models', 'A model assigns a truth value to every sentence letter.'),
        chapter('Quantified logic', 'Quantifiers range over a domain. There are 1024 valuations.'),
        chapter('Proofs', 'A proof is a sequence of sentences; the system was published in 1934.'),
        chapter('Truth tables', 'A truth table lists every valuation.'),
      ],
    };
    expect(() => chronologicalOrder(logic)).toThrow(/not a history to put in order.*Try "Move chapter 3 before chapter 1"/);
  });

  it('keeps front matter first and back matter last while ordering the chapters between', () => {
    const history: TextbookContent = {
      title: 'Computing',
      references: [],
      chapters: [
        chapter('Introduction', 'This course was first taught in 2019.'),
        chapter('Personal computing', 'The microprocessor arrived in 1971.'),
        chapter('Mechanical calculation', 'Babbage designed the engine in 1822.'),
        chapter('Electronic computers', 'The ENIAC was completed in 1945.'),
        chapter('Appendix A: Glossary of terms', 'Terms used since 1800.'),
      ],
    };
    const { content } = chronologicalOrder(history);
    expect(content.chapters.map((c) => c.title)).toEqual([
      'Introduction',
      'Mechanical calculation',
      'Electronic computers',
      'Personal computing',
      'Appendix A: Glossary of terms',
    ]);
  });
});
