import { describe, expect, it } from 'vitest';
import { glyphAltText } from './pdf-display-alt';
import type { PdfItem, PdfMark, PdfRegion } from './pdf-types';

const glyph = (str: string, x: number, y: number, width: number, size = 9.96): PdfItem => ({ str, x, y, width, size, font: 'f' });
const rule = (x0: number, x1: number, y: number): PdfMark => ({ kind: 'path', x0, y0: y, x1, y1: y });
const region: PdfRegion = { kind: 'equation', page: 1, x0: 320, y0: 475, x1: 420, y1: 505, text: '' };

// As pdfTeX sets `$f(x) = \sqrt[3]{1 - 2x}$` in text style: the symbol font's radical sign hangs from its top, so its
// baseline is raised to its rule, about an em over the radicand's; the index stands in the sign's crook.
const exercise = [
  glyph('(i)', 327.76, 484.12, 9.4),
  glyph('f(x) =', 342.14, 484.12, 29.9),
  glyph('√', 374.82, 492.44, 8.3),
  glyph('1', 383.12, 484.12, 4.98),
  glyph('−', 390.31, 484.12, 7.75),
  glyph('2x', 400.28, 484.12, 10.67),
  glyph('.', 410.95, 484.12, 2.49),
];

describe('a radical sign hung from its top, read from the rule drawn over its radicand', () => {
  it('covers what the rule covers, on the baseline the radicand stands on', () => {
    expect(glyphAltText(exercise, [rule(383.12, 410.95, 492.635)], region)).toBe('(i) f(x) = √(1 − 2x).');
  });

  it("reads the index set in the sign's crook as the root's", () => {
    const index = glyph('3', 376.96, 489.2, 3.39, 4.98);
    expect(glyphAltText([...exercise, index], [rule(383.12, 410.95, 492.635)], region)).toBe('(i) f(x) = ∛(1 − 2x).');
  });

  it('leaves the sign as a glyph where no rule starts at it', () => {
    expect(glyphAltText(exercise, [], region)).toBe('√ ; (i) f(x) = 1 − 2x.');
  });
});
