import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('fractions and square roots set in a paragraph in text style (test-fixtures/pdf/latex/prose-fractions-roots.tex)', () => {
  it('keeps a fraction after a relation and every radical sign on its line of prose', async () => {
    const name = 'prose-fractions-roots.pdf';
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
    const text = doc.blocks.map((b) => b.text).join('\n');
    // The thick space after "=" and the fraction's null delimiters put its halves over half an em from the "=".
    expect(text).toContain('l’équation \\(x^{2}\\) = \\(\\frac{1}{2}\\) à coefficients rationnels');
    // TeX raises a text-style radical sign to its rule, some 0.8 em over the baseline: it stays before its radicand, as
    // far as its rule reaches (pdf-text-roots.ts), a root of a root included.
    expect(text).toContain('\\(x_{1}\\) = +1/\\(\\sqrt{2}\\) et \\(x_{2}\\) = −1/\\(\\sqrt{2}\\) qui ne sont pas rationnelles');
    expect(text).toContain(
      'l’équation \\(x^{2}\\) = \\(\\sqrt{3}\\) a pour solutions \\(x_{1}\\) = +\\(\\sqrt{\\sqrt{3}}\\) et \\(x_{2}\\) = −\\(\\sqrt{\\sqrt{3}}\\) dans',
    );
    // The fractions read before stay as they were, and the paragraph is one paragraph, not a table.
    expect(text).toContain('\\(\\frac{1}{2}\\) + \\(\\frac{1}{3}\\) = \\(\\frac{5}{6}\\) sans peine.');
    expect(doc.blocks.filter((b) => b.kind === 'table')).toHaveLength(0);
    expect(doc.blocks.filter((b) => b.kind === 'paragraph')).toHaveLength(1);
  });
});
