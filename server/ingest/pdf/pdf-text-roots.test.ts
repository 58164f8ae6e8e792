import { readFileSync } from 'node:fs';
import katex from 'katex';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { latexToText } from './pdf-math';
import { extractPdf } from './pdf-extract';
import { radicalLatex } from './pdf-text-roots';

describe('roots in running text (test-fixtures/pdf/latex/inline-roots.tex)', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/inline-roots.pdf'))), 'inline-roots.pdf');
  });

  it('keeps each root with the whole radicand its rule covers, in the sentence, never a table of signs', () => {
    const paragraph = doc.blocks.find((b) => b.text.startsWith('The length of the vector'))!;
    expect(paragraph.kind).toBe('paragraph');
    expect(paragraph.text).toBe(
      'The length of the vector is \\(\\sqrt{1 + x^{2}}\\) when its other side is one, and the distance is ' +
        '\\(\\sqrt{a^{2} + b^{2}}\\) in the plane. A short root such as \\(\\sqrt{x}\\) or \\(\\sqrt{2}\\) stands on its own, ' +
        'while \\(\\sqrt[3]{4 + 3 \\tan x}\\) is a cube root of a sum.',
    );
    expect(doc.blocks.some((b) => b.kind === 'table')).toBe(false);
  });

  it('ends a root where its rule ends: what follows the rule is outside it', () => {
    expect(doc.text).toContain('as in \\(\\sqrt{x}\\) + 1, nothing after it belongs to it.');
    expect(doc.blocks.find((b) => b.text.startsWith('(b)'))?.text).toBe('(b) f(x) = \\(\\sqrt{3x^{2} - x + 2}\\).');
  });

  it('reads a list of exercises with roots as list items, each formula typeset by KaTeX', () => {
    const items = doc.blocks.filter((b) => /^\([abc]\)/.test(b.text));
    expect(items.map((b) => b.kind)).toEqual(['list-item', 'list-item', 'list-item']);
    expect(items[2].text).toBe('(c) y = sin(\\(\\sqrt{x}\\)) + \\(\\sqrt{1 - \\cos x}\\)');
    for (const item of items)
      for (const [, latex] of item.text.matchAll(/\\\((.*?)\\\)/g))
        expect(() => katex.renderToString(latex, { throwOnError: true })).not.toThrow();
  });
});

describe('a root as LaTeX and back as text', () => {
  it('writes the radicand read as text, inline formulas and operator names included, as LaTeX', () => {
    expect(radicalLatex('1 + \\(x^{2}\\)')).toBe('\\(\\sqrt{1 + x^{2}}\\)');
    expect(radicalLatex('4 + 3 tan x', '3')).toBe('\\(\\sqrt[3]{4 + 3 \\tan x}\\)');
    expect(radicalLatex('x − 1')).toBe('\\(\\sqrt{x - 1}\\)');
  });

  it('reads a root back for alt text with the extent of its rule', () => {
    expect(latexToText('\\sqrt{1 + x^{2}}')).toBe('√(1 + x^{2})');
    expect(latexToText('Let u = \\sqrt{x}.')).toBe('Let u = √x.');
    expect(latexToText('\\sqrt[3]{4 + 3 \\tan x}')).toBe('∛(4 + 3 tan x)');
    expect(latexToText('\\sqrt{x + \\sqrt{x}}')).toBe('√(x + √x)');
  });

  it('reads fractions back for alt text with the extent of their bar, never as "\\frac"', () => {
    expect(latexToText('(\\cos x)^{\\frac{1}{2}}')).toBe('(cos x)^{1/2}');
    expect(latexToText('e^{-\\frac{1}{x}}')).toBe('e^{-1/x}');
    expect(latexToText('\\frac{x + 1}{\\sqrt{x}}')).toBe('(x + 1)/√x');
    expect(latexToText('\\dfrac{\\frac{a}{b}}{c}')).toBe('(a/b)/c');
    expect(latexToText('\\frac{1}')).toBe('\\frac{1}');
  });
});
