import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a root in a fraction’s denominator or numerator (a display read from its glyphs)', () => {
  it('stays in the fraction: σ/√n under the bar, not √n after the fraction', async () => {
    const doc = await extractPdf(
      new Uint8Array(readFileSync(fixturePath('pdf/latex/fraction-root-denominator.pdf'))),
      'fraction-root-denominator.pdf',
    );
    const latex = doc.blocks.filter((b) => b.kind === 'equation').map((b) => (b.latex ?? '').replace(/\s+/g, ''));
    expect(latex).toHaveLength(2);
    expect(latex[0]).toMatch(/\\frac\{\\bar\{X\}-(?:μ|\\mu)_\{0\}\}\{(?:σ|\\sigma)\/\\sqrt\{n\}\}\\sim/);
    expect(latex[1]).toContain('\\frac{1}{\\sqrt{2}}');
    expect(latex[1]).toContain('\\frac{\\sqrt{3}}{2}');
  });
});
