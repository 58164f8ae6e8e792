import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('an exercise sheet in two columns with its answers printed upside down', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/upside-down-answers.pdf'))), 'upside-down-answers.pdf');
  });

  // An exercise kept as a display picture may have its label after what is set above its line: the radical sign, a
  // fraction's numerator ("√ ; (a) f(x) = ...", "1 − cos(2x) (c) f(x) = ...").
  const label = /(?:^|\s)\(([a-h])\) [fy]\b/;

  it('reads the exercises down each column in turn, in the order the author lettered them, one block each', () => {
    const exercises = doc.blocks.filter((b) => label.test(b.text));
    // The second list's second column opens on a tall fraction, which sets its label lower than the first column's.
    expect(exercises.map((b) => label.exec(b.text)![1])).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'a', 'b', 'c', 'd']);
    // No block runs the two columns together ("(b) ... (f) ...").
    for (const b of doc.blocks) expect(b.text.match(/\([a-h]\) /g)?.length ?? 0).toBeLessThanOrEqual(1);
    // An exercise that is a formula alone, in few letters, is kept.
    expect(exercises[3].text).toBe('(d) y = cos(4x).');
    expect(exercises[6].text).toBe('(g) y = tan(5x).');
  });

  it('reads each answer the right way up, as a paragraph right after its exercise, its fraction and scripts kept', () => {
    const answers = doc.blocks.map((b, k) => ({ b, k })).filter(({ b }) => b.text.startsWith('answer:'));
    expect(answers.map(({ b }) => b.kind)).toEqual(Array(12).fill('paragraph'));
    for (const { k } of answers) expect(doc.blocks[k - 1].text).toMatch(label);
    expect(answers.map(({ b }) => b.text)).toEqual([
      'answer: (x)/(√1+x²)',
      'answer: (6x−1)/(2√3x²−x+2)',
      'answer: −(3 cos x)/(sin⁴ x)',
      'answer: −4 sin(4x)',
      'answer: 2e^(2x)',
      'answer: 4(cos x + 3 sin x)³(3 cos x − sin x)',
      'answer: 5 sec²(5x)',
      'answer: (ln 5)5^(x)',
      'answer: 2 sec²(2x) cos(tan 2x)',
      'answer: (2m sin(mx))/(cos³(mx))',
      'answer: (4 sin(2x))/((1+cos(2x))²)',
      'answer: − (2 cos t cos(sin t))/(sin³(sin t))',
    ]);
  });

  it('keeps the text before and after the columns where it stands', () => {
    const texts = doc.blocks.map((b) => b.text);
    expect(texts.indexOf('Find the derivative of each function using the chain rule.')).toBeLessThan(texts.findIndex((t) => label.test(t)));
    const after = texts.findIndex((t) => t.startsWith('Check each answer'));
    expect(after).toBeGreaterThan(texts.indexOf('answer: (ln 5)5^(x)'));
    expect(texts.indexOf('Differentiate.')).toBeGreaterThan(after);
    expect(texts.indexOf('Differentiate.')).toBeLessThan(texts.indexOf('(a) f(x) = sin(tan(2x)).'));
  });
});

describe('lists of lettered exercises set in three and in four columns', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/exercise-columns-three.pdf'))), 'exercise-columns-three.pdf');
  });
  const label = /^\(([a-i])\) [fy]\b/;

  it('reads each list down its columns in turn, every exercise a block of its own followed by its answer', () => {
    const texts = doc.blocks.map((b) => b.text);
    const exercises = doc.blocks.filter((b) => label.test(b.text));
    expect(exercises.map((b) => label.exec(b.text)![1]).join('')).toBe('abcdefghiabcdefgh');
    // No block runs two columns together ("(f) ... (i) ...", "(b) ... (d) ...").
    for (const t of texts) expect(t.match(/\([a-i]\) /g)?.length ?? 0).toBeLessThanOrEqual(1);
    for (const b of exercises) expect(texts[texts.indexOf(b.text) + 1]).toMatch(/^answer: /);
    // An answer run past its column's right edge (an overfull line) stays with its exercise.
    expect(texts[texts.indexOf('(e) f(x) = cos(\\(x^{3}\\)).') + 1]).toBe('answer: −6x sin(x³) − 9x⁴cos(x³)');
    expect(texts[texts.indexOf('(i) f(x) = tan x.') + 1]).toBe('answer: 2 sec²x tan x');
    expect(texts[texts.indexOf('(h) y = tan x.') + 1]).toBe('answer: sec²x');
  });

  it("reads a fraction in an answer's script as a fraction, its denominator come down to the row included", () => {
    expect(doc.blocks.map((b) => b.text)).toContain('answer: x(x²+ 1)^(− (1)/(2))');
  });

  it('keeps the sentences before, between and after the lists where they stand', () => {
    const texts = doc.blocks.map((b) => b.text);
    expect(texts.findIndex((t) => t.includes('Compute the second derivative.'))).toBeLessThan(texts.findIndex((t) => label.test(t)));
    const between = texts.findIndex((t) => t.startsWith('Check each answer'));
    expect(between).toBeGreaterThan(texts.indexOf('answer: 2 sec²x tan x'));
    expect(between).toBeLessThan(texts.indexOf('(a) y = \\(x^{7}\\).'));
    expect(texts.indexOf('That is all for this week.')).toBe(texts.length - 1);
  });
});
