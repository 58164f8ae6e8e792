import { describe, expect, it } from 'vitest';
import { parseCitation } from './citation-parser';

describe('an entry whose identifier is given twice, as text and in brackets as its address', () => {
  it('keeps no bracket of the address in the title', () => {
    const parsed = parseCitation(
      'Andromeda Yelton, "Coding for Librarians: Learning by Example", Library Technology Reports 51:3 (April 2015), doi: 10.5860/ltr.51n3 (http://dx.doi.org/10.5860/ltr.51n3)',
    );
    expect(parsed?.doi).toBe('10.5860/ltr.51n3');
    expect(parsed?.title).not.toMatch(/\(\s*$/);
    expect(parsed?.title).toContain('Coding for Librarians: Learning by Example');
  });

  it('leaves brackets that hold words', () => {
    const parsed = parseCitation('J. Smith. Notes on sampling (second edition). Course notes, 2019.');
    expect(parsed?.title).toBe('Notes on sampling (second edition)');
  });
});
