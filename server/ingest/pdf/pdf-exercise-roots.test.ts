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

  it('reads the radicand from the rule drawn over it: the exercise is LaTeX, not a picture with the sign first', () => {
    // The symbol font's radical sign stands raised to its rule, on a line of its own for the line reader.
    expect(exercise('a')).toMatchObject({ kind: 'equation', latex: '(a)f(x)=\\sqrt{1-2x}.' });
    // The index in the sign's crook, nested roots, a fraction under the rule, a root inside brackets.
    expect(exercise('c')?.latex).toBe('(c)f(x)=\\sqrt[3]{4+3\\tan x}.');
    expect(exercise('e')?.latex).toBe('(e)f(x)=\\sqrt{x+\\sqrt{x}}.');
    expect(exercise('h')?.latex).toBe('(h)y=\\sin (\\sqrt{x}).');
    for (const letter of ['a', 'c', 'e', 'h'])
      expect(() => katex.renderToString(exercise(letter)!.latex!, { throwOnError: true })).not.toThrow();
  });

  it("writes the exercise's text in the formula's order, the root around its radicand", () => {
    expect(exercise('a')?.text).toBe('(a) f(x) = √(1-2x).');
    expect(exercise('c')?.text).toBe('(c) f(x) = ∛(4+3tan x).');
    expect(exercise('e')?.text).toBe('(e) f(x) = √(x+√x).');
  });

  it('keeps the exercises without a root as they were, each followed by its answer', () => {
    expect(exercise('b')?.text).toBe('(b) f(x) = cos(2 + \\(x^{3}\\)).');
    const k = doc.blocks.indexOf(exercise('a')!);
    expect(doc.blocks[k + 1].text).toMatch(/^answer: /);
  });
});
