import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('fractions set inline in text style (test-fixtures/pdf/latex/inline-fractions.tex)', () => {
  // Built with pdflatex and with lualatex: the two halves of a fraction start at the same x, in either order.
  it.each(['inline-fractions.pdf', 'inline-fractions-lualatex.pdf'])(
    '%s: each fraction is kept as inline LaTeX, the footnote marker still is not text',
    async (name) => {
      const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
      const text = doc.blocks.map((b) => b.text).join('\n');
      expect(text).toContain('so the probability of three heads is \\(\\frac{1}{8}\\).');
      expect(text).toContain('an even number with probability \\(\\frac{3}{6}\\) and a six with probability \\(\\frac{1}{6}\\) each time.');
      // Two scripts on one base beside each other are no fraction; the footnote's marker is dropped as before.
      expect(text).toContain('\\(x^{2}_{1}\\)');
      expect(text).not.toContain('frac{2}');
      expect(text).toContain('is never negative.');
      expect(text).not.toMatch(/negative\.\s*1/);
    },
  );
});
