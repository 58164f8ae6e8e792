import { describe, expect, it } from 'vitest';
import { pictureAltText } from './pdf-display-alt';
import type { PdfItem, PdfRegion } from './pdf-types';

const item = (str: string, x: number, width: number): PdfItem => ({ str, x, y: 500, width, size: 10, font: 'cmmi10' });

describe('the alt text of a display picture holding a glyph no font names', () => {
  it('leaves the unnamed glyph (U+FFFD) out and says the rest of the formula', () => {
    // A slashed D drawn in a font with no text map reads as U+FFFD between the field and its derivative.
    const items = [item('S = ∫ Ψ\u0304', 100, 40), item('\uFFFD', 142, 8), item('DΨ + c', 152, 30)];
    const region: PdfRegion = { kind: 'equation', page: 1, x0: 95, y0: 495, x1: 190, y1: 510, text: 'S = ∫ Ψ\u0304\uFFFD DΨ + c' };
    const alt = pictureAltText(items, [], region);
    expect(alt).not.toContain('\uFFFD');
    expect(alt).toBe('S = ∫ Ψ\u0304 DΨ + c');
  });
});
