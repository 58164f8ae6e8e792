import { describe, expect, it } from 'vitest';
import { cleanHeadingTitle } from './heading-title';

describe('cleanHeadingTitle', () => {
  it('takes off digit, Roman and letter numbering', () => {
    expect(cleanHeadingTitle('3.1 Typed Trace Trees')).toBe('Typed Trace Trees');
    expect(cleanHeadingTitle('Chapter 2: Cells')).toBe('Cells');
    expect(cleanHeadingTitle('IV. Results')).toBe('Results');
    expect(cleanHeadingTitle('B. Change of variables')).toBe('Change of variables');
  });

  it('keeps a genus or an initial before a word in lower case, and a Roman-looking word without a dot', () => {
    expect(cleanHeadingTitle('C. difficile Example...')).toBe('C. difficile Example');
    expect(cleanHeadingTitle('E. coli in drinking water')).toBe('E. coli in drinking water');
    expect(cleanHeadingTitle('I think, therefore')).toBe('I think, therefore');
  });

  it("keeps a part, unit, lesson or module labelled with its number and a colon: the author's own words", () => {
    expect(cleanHeadingTitle('Part 1: Coins')).toBe('Part 1: Coins');
    expect(cleanHeadingTitle('Unit IV: Cells and Tissues')).toBe('Unit IV: Cells and Tissues');
    expect(cleanHeadingTitle('Lesson 3 – Fractions')).toBe('Lesson 3 – Fractions');
    expect(cleanHeadingTitle('Part 2 Dice')).toBe('Dice');
  });

  it('brings a heading set in capitals to title case', () => {
    expect(cleanHeadingTitle('INTRODUCTION')).toBe('Introduction');
  });
});
