import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { readTexGlyphs } from './tex-glyphs';

describe("latexsym's symbols (LaTeX's lasy fonts)", () => {
  it('reads each code latexsym declares as its symbol, not as the digit or letter of its code', () => {
    // pdf.js gives the codes themselves: lasy10 names its glyphs "a1" ... "a61", names it does not know.
    expect(readTexGlyphs('2', 'OKLLIG+LASY10')).toBe('□');
    expect(readTexGlyphs('3', 'LASY10')).toBe('◇');
    expect(readTexGlyphs('\u0001\u0002\u0003\u0004', 'LASY10')).toBe('⊲⊴⊳⊵');
    expect(readTexGlyphs('01;<=', 'LASYB10')).toBe('℧⋈⇝⊏⊐');
    // The same codes in a text font are text.
    expect(readTexGlyphs('2', 'ABCDEF+CMR10')).toBe('2');
  });

  it('test-fixtures/pdf/latex/lasy-symbols.tex: a proof ends on □ and normal subgroups read ⊲, none as a stray digit', async () => {
    const name = 'lasy-symbols.pdf';
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
    const text = doc.blocks.map((b) => b.text).join('\n');
    for (const expected of [
      'written N ⊲ G or N ⊴ G',
      'G ⊳ N and G ⊵ N',
      '◇p means that p is possible, and p ⇝ q',
      'u ⊏ v or v ⊐ u',
      'R ⋈ S',
      'the ℧.',
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/[\u0001-\u0004]/);
  });

  it('lasy-symbols.tex: the proof mark pushed to the right margin (\\hfill $\\Box$) ends its line, not dropped as a lone glyph', async () => {
    const name = 'lasy-symbols.pdf';
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
    const proof = doc.blocks.find((b) => b.text.startsWith('Proof:'));
    expect(proof?.text).toMatch(/= ker f\. □$/);
  });
});
