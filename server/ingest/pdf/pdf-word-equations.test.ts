import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/deep-glyph-lines-fr.pdf')));

describe('an equation said in words (align* of \\text{} clauses, its second row opening on "+")', () => {
  it('is one LaTeX display between the sentences around it', async () => {
    const doc = await extractPdf(fixture(), 'deep-glyph-lines-fr.pdf');
    const at = doc.blocks.findIndex((b) => b.kind === 'equation' && /Vecteur de paramètre/.test(b.text));
    expect(at).toBeGreaterThan(0);
    expect(doc.blocks[at].latex).toBe(
      '\\begin{aligned}\\text{Vecteur de paramètre mis à jour} &= \\text{Ancien vecteur de paramètre} \\\\ &+ \\text{Inverse de Fisher fois le score}\\end{aligned}',
    );
    expect(doc.blocks[at - 1].text).toBe('Cette équation correspond à');
    expect(doc.blocks[at + 1]).toMatchObject({
      kind: 'paragraph',
      text: 'On répète l’étape jusqu’à ce que les paramètres ne changent plus.',
    });
    expect(doc.blocks.filter((b) => b.kind === 'paragraph' && /Vecteur|Fisher/.test(b.text))).toEqual([]);
  });
});
