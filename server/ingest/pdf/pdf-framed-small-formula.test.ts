import { describe, expect, it } from 'vitest';
import { findFigures } from './pdf-figures';
import type { Segment } from './pdf-lines';
import type { PdfMark } from './pdf-types';

const segment = (text: string, x0: number, x1: number, y: number, size: number, math: number): Segment => ({
  page: 1,
  x0,
  x1,
  y,
  size,
  font: 'f',
  text,
  chars: text.replace(/\s/g, '').length,
  mono: false,
  math,
});

describe('a formula set smaller than the text in a framed box with a shadow (a Beamer deck, XeTeX)', () => {
  it('is a display equation region of the formula’s own box; the lead-in line over the frame stays text', () => {
    // The frame and ten layers of its shadow a fraction of a point apart, as the deck's page draws them.
    const marks: PdfMark[] = Array.from({ length: 11 }, (_, k) => ({
      kind: 'path' as const,
      x0: 128 + 0.064 * k,
      y0: 64 + 0.064 * k,
      x1: 280 - 0.064 * k,
      y1: 104 - 0.064 * k,
      fill: true,
    }));
    const leadIn = segment('e.g.,', 28, 50, 101.8, 10.9, 0);
    const formula = [
      segment('N_c', 190, 200, 88.8, 5.6, 0.5),
      segment('p(m_j|d, I) ∝ ∑ exp (ℓ(m_j, c_k) − max ℓ(m, c))∆c,', 136, 272, 79.1, 7.6, 0.3),
      segment('k', 193, 196, 69.8, 5.6, 1),
    ];
    const body = [segment('and get the marginal posteriors through numerical integration,', 28, 330, 117.4, 10.9, 0)];
    const found = findFigures({ number: 1, width: 362.8, height: 272.1, marks }, [...body, leadIn, ...formula], 10.9);
    expect(found.regions.map((r) => r.kind)).toEqual(['equation']);
    const [region] = found.regions;
    expect(region.text).toContain('p(m_j|d, I) ∝ ∑ exp');
    // The formula's box, under the lead-in's baseline: read after it.
    expect(region.y1).toBeLessThan(101.8);
    expect(found.segments.map((s) => s.text)).toEqual([body[0].text, 'e.g.,']);
  });
});
