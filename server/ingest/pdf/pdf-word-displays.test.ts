import { readFileSync } from 'node:fs';
import katex from 'katex';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { inWords, wordsLatex } from './pdf-word-displays';

const renders = (latex: string) => katex.renderToString(latex, { displayMode: true, throwOnError: true, strict: 'ignore' });

describe('wordsLatex', () => {
  it('sets runs of words in \\text and the symbols between them as mathematics', () => {
    expect(wordsLatex('Expected value = 1 ×')).toBe('\\text{Expected value}= 1 \\times');
    expect(wordsLatex('Expected value of A =')).toBe('\\text{Expected value of A}=');
    expect(wordsLatex('# ways that all dice show 6')).toBe('\\#\\text{ways that all dice show}6');
  });
});

describe('inWords', () => {
  it("takes words, digits and a worksheet's arithmetic, and leaves mathematics to the math reader", () => {
    expect(inWords('Probability of a particular result =')).toBe(true);
    expect(inWords('Expected value of A = 1 ×')).toBe(true);
    expect(inWords('t − 1 MUL and t − 1 SQ')).toBe(false);
    expect(inWords('f(x) = 1 + exp(−x)')).toBe(false);
    expect(inWords('q = gcd (s − s, n)')).toBe(false);
    expect(inWords('Product Rule: ∂ (')).toBe(false);
    expect(inWords('(5.46)')).toBe(false);
    expect(inWords('\\(x_{k}\\) values')).toBe(false);
  });
});

describe('displays written in words (test-fixtures/pdf/latex/worksheet-displays.tex)', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/worksheet-displays.pdf'))), 'worksheet-displays.pdf');
  });
  const equations = () => doc.blocks.filter((b) => b.kind === 'equation');

  it('reads a fraction of words with its left-hand side as one display, not three paragraphs', () => {
    const eq = equations().find((b) => b.text.startsWith('Chance of an event'));
    expect(eq?.latex).toBe(
      '\\text{Chance of an event}=\\frac{\\text{Number of outcomes in the event}}{\\text{Number of outcomes in the bag}}.',
    );
    expect(() => renders(eq!.latex!)).not.toThrow();
    expect(eq?.image).toBeUndefined();
    // The sentence after the display is a paragraph of its own, the denominator not run into it.
    const next = doc.blocks[doc.blocks.indexOf(eq!) + 1];
    expect(next.text).toMatch(/^With three red marbles among twelve/);
    expect(doc.blocks.some((b) => b.kind === 'paragraph' && /Number of outcomes/.test(b.text))).toBe(false);
  });

  it('reads a bare fraction of words, with its comma, between the sentence it ends and the text going on', () => {
    const eq = equations().find((b) => b.text.startsWith('number of outcomes for the event'));
    expect(eq?.latex).toBe('\\frac{\\text{number of outcomes for the event}}{\\text{number of outcomes against the event}},');
    expect(() => renders(eq!.latex!)).not.toThrow();
  });

  it('reads a row of products with fractions as one display, not a table of three rows', () => {
    const eq = equations().find((b) => b.text.startsWith('Average score'));
    expect(eq?.latex).toBe(
      '\\text{Average score}= 2 \\times\\frac{1}{4}+ 4 \\times\\frac{1}{4}+ 6 \\times\\frac{1}{4}+ 8 \\times\\frac{1}{4}= 5.',
    );
    expect(() => renders(eq!.latex!)).not.toThrow();
    expect(doc.blocks.some((b) => b.kind === 'table' && b.rows?.some((r) => r.some((c) => /Average score/.test(c))))).toBe(false);
  });
});
