import { describe, expect, it } from 'vitest';
import { buildBlocks } from './pdf-blocks';
import type { PdfLine } from './pdf-types';

/** A line of an 11 pt column from x 84 to 530 (geometry written for the tests). */
const line = (text: string, y: number, extra: Partial<PdfLine> = {}): PdfLine => ({
  page: 2,
  column: 0,
  x0: 84,
  x1: 530,
  y,
  size: 11,
  font: 'Times',
  text,
  columnLeft: 84,
  columnRight: 530,
  ...extra,
});
const mono = (text: string, y: number, extra: Partial<PdfLine> = {}) =>
  line(text, y, { mono: true, font: 'Inconsolata', x1: 84 + 5.7 * text.length, ...extra });

describe('a listing whose first lines carry no statement marks, and lines the typesetter wrapped with a "↪"', () => {
  const blocks = buildBlocks(
    [
      line('Standard practice is to load all needed packages at the top of a file, before any code runs.', 700),
      mono('using Random', 680),
      mono('using Plots', 667),
      mono('using GraphRecipes', 654),
      mono('using LaTeXStrings', 641),
      mono('# this sets a random seed, which ensures reproducibility of random number', 615),
      mono('↪ generation. You should always set a seed when working with random', 602, { x0: 89 }),
      mono('↪ numbers.', 589, { x0: 89 }),
      mono('Random.seed!(1)', 575),
      line('The following subproblems all involve code snippets that require debugging, one after the other.', 540),
    ],
    [],
  ).blocks;

  it('reads the typewriter lines before the first one that reads as code as the listing they open', () => {
    const code = blocks.filter((b) => b.kind === 'code');
    expect(code).toHaveLength(1);
    expect(code[0].text.split('\n').slice(0, 4)).toEqual(['using Random', 'using Plots', 'using GraphRecipes', 'using LaTeXStrings']);
    expect(blocks.some((b) => b.kind === 'paragraph' && b.text.includes('using Random'))).toBe(false);
  });

  it('joins a wrapped line ("↪ ...") to the line of the listing it continues, marker dropped', () => {
    const code = blocks.find((b) => b.kind === 'code')!;
    expect(code.text).toContain(
      '# this sets a random seed, which ensures reproducibility of random number generation. You should always set a seed when working with random numbers.\nRandom.seed!(1)',
    );
    expect(blocks.map((b) => b.text).join('\n')).not.toContain('↪');
  });
});
