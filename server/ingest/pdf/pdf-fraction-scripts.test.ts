import { describe, expect, it } from 'vitest';
import { pageSegments } from './pdf-lines';
import type { PdfItem, PdfMark } from './pdf-types';

// The items and the bar below are as pdf.js reads them from page 4 of ../shared/corpus/real/mml-chapter05.pdf
// (Mathematics for Machine Learning, chapter 5, CC BY-NC-ND): "and \frac{f^{(k)}(x_0)}{k!} are the coefficients of the
// polynomial." in text style, 10.46 pt Charter with Computer Modern mathematics.
const item = (str: string, x: number, y: number, width: number, size: number): PdfItem => ({ str, x, y, width, size, font: 'CM' });
const bar = (x0: number, x1: number, y: number): PdfMark => ({ kind: 'path', x0, y0: y, x1, y1: y, stroke: true });
const texts = (items: PdfItem[], marks: PdfMark[]) => pageSegments({ number: 4, width: 612, height: 792, items, marks }).map((s) => s.text);

describe('a small fraction whose numerator has scripts of its own', () => {
  it("reads the numerator's exponent and subscript whole, though the denominator's glyphs come between them by x", () => {
    const items = [
      item('and', 143.73, 172.62, 17.16, 10.46),
      item('f', 164.99, 177.72, 3.89, 6.97),
      item('(', 169.66, 180.73, 2.7, 4.98),
      item('k', 172.35, 180.73, 3.78, 4.98),
      item(')', 176.21, 180.73, 2.7, 4.98),
      item('(', 179.41, 177.72, 3.11, 6.97),
      item('x', 182.52, 177.72, 4.52, 6.97),
      item('0', 187.04, 176.73, 3.39, 4.98),
      item(')', 190.93, 177.72, 3.11, 6.97),
      item('k', 176.19, 168.86, 4.24, 6.97),
      item('!', 180.59, 168.86, 2.26, 6.97),
      item('are the coefficients of the polynomial.', 198.15, 172.62, 172.21, 10.46),
    ];
    // Before: "andf\(^{(k}_{k!}\) are ..." and a line ")(x_0)" of its own.
    expect(texts(items, [bar(164.99, 194.04, 175.35)])).toEqual([
      'and \\(\\frac{f^{(k)}(x_{0})}{k!}\\) are the coefficients of the polynomial.',
    ]);
  });

  it('keeps a subscript of several glyphs in one pair of braces', () => {
    const items = [
      item('so', 143.73, 172.62, 10, 10.46),
      item('x', 164.99, 177.72, 4.52, 6.97),
      item('1', 169.51, 176.73, 2.9, 4.98),
      item('0', 172.41, 176.73, 2.9, 4.98),
      item('2', 166.5, 168.86, 3.9, 6.97),
      item('holds.', 182, 172.62, 30, 10.46),
    ];
    expect(texts(items, [bar(164.99, 175.31, 175.35)])).toEqual(['so \\(\\frac{x_{10}}{2}\\) holds.']);
  });
});
