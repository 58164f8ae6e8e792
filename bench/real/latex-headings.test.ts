import { describe, expect, it } from 'vitest';
import { symbolText } from '@server/ai/offline/materials/legend-questions';
import { latexText } from './latex-headings';

describe('LaTeX read as the reader sees it', () => {
  it('a heading and a legend symbol print the same Greek letters; other commands are no letters', () => {
    // A heading of the msd2017-notes lecture notes (lecture_3).
    expect(latexText('Big-Theta ($\\Theta$) - Tight Bounds')).toBe('Big-Theta ( Θ ) - Tight Bounds');
    expect(latexText('The $\\nu$ and $\\alpha$ of a test')).toBe('The ν and α of a test');
    expect(latexText('\\textbf{Bold} \\constructor words')).toBe('Bold words');
    expect(symbolText('\\Theta')).toBe('Θ');
    expect(symbolText('\\nu')).toBe('ν');
    expect(symbolText('\\ell')).toBeUndefined();
    expect(symbolText('\\constructor')).toBeUndefined();
  });
});
