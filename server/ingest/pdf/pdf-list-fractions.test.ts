import { describe, expect, it } from 'vitest';
import { buildBlocks } from './pdf-blocks';
import { pageSegments } from './pdf-lines';
import type { PdfItem, PdfLine, PdfMark } from './pdf-types';

// The items and strokes below are as pdf.js reads them from the Exo7 chapter "Nombres complexes" (pdfTeX, 9.56 pt text,
// its bullets set 0.93 pt under the text's baseline); the chapter itself is not in the repository.
const item = (str: string, x: number, y: number, width: number, size = 9.56, math = 0): PdfItem => ({
  str,
  x,
  y,
  width,
  size,
  font: math ? 'CMSY' : 'CMR',
  ...(math ? { math } : {}),
});
const bar = (x0: number, x1: number, y: number): PdfMark => ({ kind: 'path', x0, y0: y, x1, y1: y, stroke: true });
const page = (items: PdfItem[], marks: PdfMark[]) => ({ number: 6, width: 595, height: 842, items, marks });
const texts = (items: PdfItem[], marks: PdfMark[]) => pageSegments(page(items, marks)).map((s) => s.text);

describe('fractions inside the items of a list (the Exo7 chapter "Nombres complexes")', () => {
  it('keeps the numerator of a small fraction in an item whose bullet stands under the line', () => {
    // "• z² + z + \frac{1-i}{4} = 0": the numerator stands 4.4 pt over the text's baseline, 5.4 pt over the bullet's.
    const items = [
      item('•', 60.61, 161.2, 5.64),
      item('z', 71.24, 162.12, 4.21),
      item('2', 75.92, 165.94, 3.72, 6.69),
      item('+', 81.92, 162.12, 6.99, 9.56, 1),
      item('z', 90.69, 162.12, 4.21),
      item('+', 97.16, 162.12, 6.99, 9.56, 1),
      item('1', 107.13, 166.56, 3.72, 6.69),
      item('−', 110.85, 166.56, 4.89, 6.69, 1),
      item('i', 115.74, 166.56, 1.87, 6.69),
      item('4', 110.51, 158.95, 3.72, 6.69),
      item('=', 121.04, 162.12, 7.53, 9.56, 1),
      item('0, les solutions sont', 130.79, 162.12, 90),
    ];
    expect(texts(items, [bar(107.13, 117.62, 164.89)])).toEqual(['• \\(z^{2}\\) + z + \\(\\frac{1-i}{4}\\) = 0, les solutions sont']);
  });

  it('reads a root in the numerator of a small fraction as a root', () => {
    // "δ = \frac{\sqrt2}{2}(1 + i)": the small radical sign hangs from its rule, which runs over the 2.
    const items = [
      item('•', 60.61, 161.2, 5.64),
      item('les solutions sont δ', 71.24, 162.12, 92),
      item('=', 177.93, 162.12, 7.53, 9.56, 1),
      item('√', 188.88, 172.11, 5.64, 6.69, 1),
      item('2', 194.52, 166.56, 3.72, 6.69),
      item('2', 191.7, 158.95, 3.72, 6.69),
      item('(1 + i), avec', 199.44, 162.12, 60),
    ];
    expect(texts(items, [bar(194.52, 198.24, 172.31), bar(188.88, 198.25, 164.89)])).toEqual([
      '• les solutions sont δ = \\(\\frac{\\sqrt{2}}{2}\\)(1 + i), avec',
    ]);
  });

  it('reads a full-size fraction set in an item as an inline formula of its line', () => {
    // "• si ∆ = 0, la racine double est réelle et vaut −\dfrac{b}{2a},": numerator and denominator on baselines of their
    // own, 0.7 em over and under the line's, with the item's first words in the bullet's run.
    const items = [
      item('• si', 74.56, 94.94, 16.91),
      item('∆', 94.14, 95.87, 8.06, 9.56, 1),
      item('=', 104.43, 95.87, 7.53, 9.56, 1),
      item('0', 114.18, 95.87, 5.32),
      item(', la racine double est réelle et vaut', 119.49, 95.87, 137.42),
      item('−', 259.58, 95.87, 6.99, 9.56, 1),
      item('b', 270.99, 102.6, 4.85),
      item('2', 267.77, 88.79, 5.32),
      item('a ', 273.32, 88.79, 6.46),
      item(',', 279.78, 95.87, 2.66),
    ];
    expect(texts(items, [bar(267.77, 278.58, 98.63)])).toEqual(['• si ∆ = 0, la racine double est réelle et vaut −\\(\\frac{b}{2a}\\),']);
  });

  it('joins the two pieces of a line the fraction cut apart', () => {
    // "4. Même question avec \dfrac{|z-i|}{|z-1|} = 2.": the fraction leaves a gap of over two em between the words and "=".
    const half = (y: number, last: string) => [
      item('|', 170.63, y, 2.69, 9.56, 1),
      item('z', 173.32, y, 4.21),
      item('−', 179.78, y, 6.99, 9.56, 1),
      item(last, 188.55, y, last === 'i' ? 2.68 : 5.32),
      item('|', last === 'i' ? 192.57 : 193.22, y, 2.69, 9.56, 1),
    ];
    const items = [
      item('4. Même question avec', 68.04, 186, 98.07),
      ...half(192.73, 'i'),
      ...half(178.92, '1'),
      item('=', 199.33, 186, 7.53, 9.56, 1),
      item('2.', 209.08, 186, 7.98),
    ].sort((a, b) => a.x - b.x);
    expect(texts(items, [bar(169.98, 195.88, 188.8)])).toEqual(['4. Même question avec \\(\\frac{|z - i|}{|z - 1|}\\) = 2.']);
  });

  it('leaves the fractions of a display without words to the display readers', () => {
    // "z_1 = \dfrac{-b+δ}{2a}" on a line of its own: no sentence, so its halves stay lines of their own.
    const items = [
      item('z', 200, 300, 4.21),
      item('=', 210, 300, 7.53, 9.56, 1),
      item('−b + δ', 222, 307.9, 26),
      item('2a', 230, 293.1, 10),
    ];
    expect(texts(items, [bar(221, 249, 302.8)])).toHaveLength(3);
  });

  it('reads an exponent on a big closing bracket and on a small denominator', () => {
    // "z^{-n} = \left(\frac{1}{z}\right)^n = \frac{1}{z^n}." in an item: the n on the bracket stands 0.66 em over the line.
    const items = [
      item('• Puissances : par convention, et', 60.61, 407.89, 340),
      item('z', 404.11, 408.81, 4.21),
      item('−', 408.8, 412.63, 4.89, 6.69, 1),
      item('n', 413.86, 412.63, 3.72, 6.69),
      item('=', 420.31, 408.81, 7.53, 9.56, 1),
      { ...item('(', 430.06, 410.19, 4.17, 9.56, 1), hangs: true },
      item('1', 435.42, 413.25, 3.72, 6.69),
      item('z', 435.64, 405.63, 2.95, 6.69),
      { ...item(')', 440.34, 410.19, 4.17, 9.56, 1), hangs: true },
      item('n', 444.68, 415.15, 3.72, 6.69),
      item('=', 451.12, 408.81, 7.53, 9.56, 1),
      item('z', 462.07, 405.63, 2.95, 6.69),
      item('1', 463.48, 413.25, 3.72, 6.69),
      item('n', 465.47, 407.46, 2.66, 4.78),
      item('.', 469.82, 408.81, 2.66),
    ];
    const [text] = texts(items, [bar(435.42, 439.14, 411.6), bar(462.07, 468.56, 411.6)]);
    expect(text).toContain('\\()^{n}\\)');
    expect(text).toContain('= \\(\\frac{1}{z^{n}}\\)');
  });
});

describe('the text after a list whose bullets stand less than half an em in', () => {
  const line = (text: string, y: number, x0: number, x1: number): PdfLine => ({
    page: 6,
    column: 0,
    x0,
    x1,
    y,
    size: 9.56,
    font: 'CMR',
    text,
    columnLeft: 57,
    columnRight: 539,
  });

  it('starts a paragraph at the text edge after an item that ended its sentence', () => {
    // The line under an item ending on a full-size fraction comes as close as the fraction lets it: 18 pt, not more.
    const blocks = buildBlocks(
      [
        line('Exemple 3.', 205.7, 56.7, 105.5),
        line('• z = 1, les solutions sont z = \\(\\frac{-1 \\pm i\\sqrt{3}}{2}\\).', 188.9, 60.6, 348.7),
        line('• z = 2, les solutions sont z = \\(\\frac{1}{2}\\).', 162.1, 60.6, 460.9),
        line('On retrouve aussi le résultat bien connu pour le cas des équations à coefficients réels :', 143.9, 56.3, 415.6),
      ],
      [],
    ).blocks.map((b) => b.kind);
    expect(blocks).toEqual(['paragraph', 'list-item', 'list-item', 'paragraph']);
  });
});
