import { readFileSync } from 'node:fs';
import katex from 'katex';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('fractions in exponents (test-fixtures/pdf/latex/exponent-fractions.tex)', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/exponent-fractions.pdf'))), 'exponent-fractions.pdf');
  });
  const item = (label: string) => doc.blocks.find((b) => b.text.startsWith(`(${label})`))?.text;

  it('keeps the numerator that stands on its bar higher than a script, whichever half comes first', () => {
    // (cos x)^{1/2} was "(cos x)2", e^{-1/x} was "e^{-_{x}}" and (x+1)^{2/3} was "(x + 1)^{3}": the exponent changed.
    expect(item('e')).toBe('(e) y = (cos x)\\(^{\\frac{1}{2}}\\)');
    expect(item('r')).toBe('(r) f(x) = \\(e^{-\\frac{1}{x}}\\) .');
    expect(item('h')).toBe('(h) f(x) = (x + 1)\\(^{\\frac{2}{3}}\\) (\\(2x^{2}\\) − 1)\\(^{3}\\).');
    for (const label of ['e', 'r', 'h'])
      for (const [, latex] of item(label)!.matchAll(/\\\((.*?)\\\)/g))
        expect(() => katex.renderToString(latex, { throwOnError: true })).not.toThrow();
  });
});
