import { describe, expect, it } from 'vitest';
import { COMBINING_ARROW, dropRepeatedArrows } from './pdf-vector-arrows';
import type { PdfItem } from './pdf-types';

const run = (str: string, x: number, y: number, width: number): PdfItem => ({ str, x, y, width, size: 10.9, font: 'g_d0_f6' });

// The runs pdf.js gives for a drawing's labels set with $\vec{a}$ in LuaLaTeX (STIX Two Math): the label's arrow comes
// once inside its letter's run and once more as a run of its own, with no width, at the letter's right edge.
describe('an arrow drawn twice over a label', () => {
  it('keeps one arrow on the letter: the second, alone at its right edge, goes', () => {
    const items = [
      run(COMBINING_ARROW, 354.83, 673.09, 0),
      run(`𝑎${COMBINING_ARROW}`, 348.61, 673.09, 6.05),
      run(`𝑏${COMBINING_ARROW}`, 438.28, 675.01, 5.65),
    ];
    dropRepeatedArrows(items);
    expect(items.map((i) => i.str)).toEqual([`𝑎${COMBINING_ARROW}`, `𝑏${COMBINING_ARROW}`]);
  });

  it('leaves an arrow alone when no letter beside it carries one already, or the letter stands on another baseline', () => {
    const items = [
      run(COMBINING_ARROW, 354.83, 673.09, 0),
      run('𝑎', 348.61, 673.09, 6.05),
      run(COMBINING_ARROW, 444.1, 690.0, 0),
      run(`𝑏${COMBINING_ARROW}`, 438.28, 675.01, 5.65),
    ];
    dropRepeatedArrows(items);
    expect(items).toHaveLength(4);
  });
});
