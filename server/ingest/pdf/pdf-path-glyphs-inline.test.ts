import { describe, expect, it } from 'vitest';
import { findFigures } from './pdf-figures';
import type { Segment } from './pdf-lines';
import type { PdfMark } from './pdf-types';

const segment = (text: string, x0: number, x1: number, y: number): Segment => ({
  page: 25,
  x0,
  x1,
  y,
  size: 12.9,
  font: 'vollkorn',
  text,
  chars: text.replace(/\s/g, '').length,
  mono: false,
  math: 0,
});

const path = (x0: number, y0: number, x1: number, y1: number): PdfMark => ({ kind: 'path', x0, y0, x1, y1, fill: true });

describe("math a browser's print draws as paths inside a sentence, under a dotted rule (lsinc1113, page 25)", () => {
  it('is no figure: the sentence stays text, and the rule alone makes none', () => {
    // The notebook's cell separator: a row of 1.5-point squares 3 points apart.
    const dots = Array.from({ length: 160 }, (_, k) => path(55 + 3 * k, 773.7, 56.5 + 3 * k, 775.2));
    // MathJax's "Y(jω)" and "y(t)": one path a glyph, each drawn twice (fill and stroke).
    const glyphs = [
      [173.8, 754.6, 183.6, 763.8],
      [184.9, 751.3, 188.1, 764.7],
      [189.1, 754.5, 192.9, 763.5],
      [193.7, 754.5, 201.6, 760.6],
      [202.5, 751.3, 205.7, 764.7],
      [259.2, 751.9, 265.6, 760.5],
      [266.7, 751.3, 269.9, 764.7],
      [270.9, 754.5, 275.1, 763.0],
      [276.3, 751.3, 279.5, 764.7],
    ].flatMap(([x0, y0, x1, y1]) => [path(x0, y0, x1, y1), path(x0, y0, x1, y1)]);
    const line = [
      segment('Pour afficher le spectre', 55, 170, 755),
      segment('du signal', 209, 255, 755),
      segment(', on utilise la fonction fft (Fast Fourier Transform) de', 281, 552, 755),
    ];
    const next = [segment('la bibliothèque FFTW en Julia.', 55, 210, 739)];
    const found = findFigures({ number: 25, width: 595, height: 842, marks: [...dots, ...glyphs] }, [...line, ...next], 10.9);
    expect(found.regions).toEqual([]);
    expect(found.segments.map((s) => s.text)).toEqual([...line, ...next].map((s) => s.text));
  });
});
