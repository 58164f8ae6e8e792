import { readFileSync } from 'node:fs';
import katex from 'katex';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('an exercise whose formula is a root, set inline as an exercise sheet sets it', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/exercise-roots.pdf'))), 'exercise-roots.pdf');
  });
  const exercise = (letter: string) => doc.blocks.find((b) => b.text.startsWith(`(${letter})`));

  it('reads the radicand from the rule drawn over it: the exercise is a list item with its root as inline LaTeX', () => {
    // The symbol font's radical sign stands raised to its rule (TeX hangs it from its top); the reader puts it on its
    // radicand's baseline (pdf-text-roots.ts), so the exercise is one line of its list, like the exercises without a root.
    expect(exercise('a')).toMatchObject({ kind: 'list-item', text: '(a) f(x) = \\(\\sqrt{1 - 2x}\\).' });
    // The index in the sign's crook, nested roots, a fraction under the rule, a root inside brackets.
    expect(exercise('c')?.text).toBe('(c) f(x) = \\(\\sqrt[3]{4 + 3 \\tan x}\\).');
    expect(exercise('e')?.text).toBe('(e) f(x) = \\(\\sqrt{x + \\sqrt{x}}\\).');
    expect(exercise('g')?.text).toMatch(/^\(g\) f\(x\) = \\\(\\sqrt\{\\frac\{x\}\{[^]*\}\}\\\)\.$/);
    expect(exercise('h')?.text).toBe('(h) y = sin(\\(\\sqrt{x}\\)).');
    for (const letter of ['a', 'c', 'e', 'g', 'h'])
      for (const [, latex] of exercise(letter)!.text.matchAll(/\\\((.*?)\\\)/g))
        expect(() => katex.renderToString(latex, { throwOnError: true })).not.toThrow();
  });

  it('keeps the exercises without a root as they were, each followed by its answer', () => {
    expect(exercise('b')?.text).toBe('(b) f(x) = cos(2 + \\(x^{3}\\)).');
    const k = doc.blocks.indexOf(exercise('a')!);
    expect(doc.blocks[k + 1].text).toMatch(/^answer: /);
  });
});
