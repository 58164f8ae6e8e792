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
});
