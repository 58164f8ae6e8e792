import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

// Our own fixture (footnote-marks.tex): symbol footnote marks after words, one after "symbols-a4", a footnote in
// typewriter type, one over two lines, an adjoint's dagger, and a solution heading under the exercise.
describe('footnote marks and the notes at the page foot', async () => {
  const data = new Uint8Array(readFileSync(fixturePath('pdf/latex/footnote-marks.pdf')));
  const doc = await extractPdf(data, 'footnote-marks.pdf');
  const read = doc.blocks.map((b) => [b.kind, b.text.slice(0, 30)]);

  it('drops a mark after a word ending in a digit, keeps a dagger on mathematics', () => {
    const text = doc.blocks.find((b) => b.kind === 'paragraph')!.text;
    expect(text).toContain('listed in the file symbols-a4 or found');
    expect(text).toContain('written \\(A^{†}\\)');
    expect(text).toContain('\\(U_{2}^{†}\\)');
  });

  it('reads each footnote as a note after the paragraph calling it, never a listing or the next section’s text', () => {
    expect(read).toEqual([
      ['heading', 'Exercise 1: Symbols'],
      ['paragraph', 'Choose a clear layout for the '],
      ['note', 'The layout shown here is not t'],
      ['note', 'texdoc symbols-a4'],
      ['note', 'http://detexify.kirelabs.org/c'],
      ['heading', 'Solution 1'],
      ['paragraph', 'The integral can be set with t'],
    ]);
    expect(doc.blocks[4].text).toMatch(/names the command that sets it, with the package it needs\.$/);
  });
});

// Our own fixture (script-after-bracket.tex): a star that is mathematics after a closing bracket in text type ("so(3)^*",
// a Lie algebra's dual), beside a real footnote called by a star after a word.
describe('a star after a closing bracket', () => {
  it('is a script, not a footnote mark; the footnote called after a word is still a note', async () => {
    const data = new Uint8Array(readFileSync(fixturePath('pdf/latex/script-after-bracket.pdf')));
    const doc = await extractPdf(data, 'script-after-bracket.pdf');
    const text = doc.blocks.find((b) => b.kind === 'paragraph')!.text;
    expect(text).toContain('the dual so(3)\\(^{\\ast}\\) of the Lie algebra so(3), which');
    expect(text).toContain('Every tangent space of so(3)\\(^{\\ast}\\) is the dual space');
    expect(text).toContain('the distribution it carries. Every');
    expect(doc.blocks.filter((b) => b.kind === 'note').map((b) => b.text)).toEqual(['The distribution is singular at the origin.']);
  });
});
