import { describe, expect, it } from 'vitest';
import { pageSegments } from './pdf-lines';
import type { PdfItem } from './pdf-types';

const item = (str: string, x: number, y: number, width: number, size = 10.5): PdfItem => ({ str, x, y, width, size, font: 'f' });

describe('pageSegments', () => {
  it('keeps a margin note in smaller type beside a line apart from it (no "approximationinfinitely")', () => {
    // As in a LaTeX book with margin notes: the body line ends at x=406.7, the note starts 12 pt further, 5.5 pt higher.
    const segments = pageSegments({
      number: 5,
      width: 595,
      height: 842,
      items: [
        item('In general, a Taylor polynomial of degree n', 114, 629.3, 198),
        item('is an approximation', 315.5, 629.3, 91.2),
        item('infinitely many', 418.7, 634.8, 52.3, 8),
      ],
    });
    expect(segments.map((s) => s.text).sort()).toEqual([
      'In general, a Taylor polynomial of degree n is an approximation',
      'infinitely many',
    ]);
  });

  it('keeps a superscript on its base as inline math', () => {
    const [segment] = pageSegments({
      number: 1,
      width: 595,
      height: 842,
      items: [item('x', 100, 500, 6), item('n', 106.2, 504, 4, 7), item(' + y', 111, 500, 20)],
    });
    expect(segment.text).toBe('\\(x^{n}\\) + y');
  });

  it('never glues a control word to the next letter of a script ("\\times" then "n")', () => {
    // As pdf.js gives ℝ^{m×n}: the base, then each glyph of the raised script as its own run (geometry written for this test).
    const [segment] = pageSegments({
      number: 1,
      width: 595,
      height: 842,
      items: [item('ℝ', 100, 500, 8), item('m', 108, 504, 5, 7), item('×', 113.2, 504, 6, 7), item('n', 119.4, 504, 4.5, 7)],
    });
    expect(segment.text).toBe('\\(\\mathbb{R}^{m\\times n}\\)');
  });

  it('reads a number over a number between parentheses as a binomial coefficient', () => {
    const [segment] = pageSegments({
      number: 1,
      width: 595,
      height: 842,
      items: [
        item('there are', 40, 500, 55),
        // The big parentheses come from TeX's extension font: mathematics.
        { ...item('(', 99, 500, 4.5), math: 1 },
        item('5', 103.5, 504, 4, 7.5),
        item('3', 103.5, 496.5, 4, 7.5),
        { ...item(')', 108, 500, 4.5), math: 1 },
        item('= 10 ways', 115, 500, 45),
      ],
    });
    expect(segment.text).toBe('there are \\(\\binom{5}{3}\\) = 10 ways');
  });

  it('reads the two glyphs TeX builds a long arrow from as that arrow ("=" and "⇒" of \\implies)', () => {
    const [segment] = pageSegments({
      number: 1,
      width: 595,
      height: 842,
      items: [item('x = 1', 100, 500, 25), item('=', 129, 500, 8), item('⇒', 135, 500, 10), item('y = 2', 150, 500, 25)],
    });
    expect(segment.text).toBe('x = 1 ⟹ y = 2');
  });
});
