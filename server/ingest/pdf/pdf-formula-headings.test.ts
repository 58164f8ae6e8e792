import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/titres-formules-fr.pdf')));

describe('headings holding a formula, against the bookmarks hyperref wrote for them', () => {
  it('keeps every heading in order: an ordinal set as a formula, a Greek letter the bookmark dropped', async () => {
    const doc = await extractPdf(fixture(), 'titres-formules-fr.pdf');
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
    expect(headings).toEqual([
      'Notes de mécanique analytique',
      '1 Calcul des variations',
      '1.1 Rappels de base',
      '1.2 1er théorème de Noether, symétries et conservation',
      '2 Modèle Poisson-Σ',
      '2.1 Contexte',
    ]);
  });

  it('leaves no heading line among the paragraphs', async () => {
    const doc = await extractPdf(fixture(), 'titres-formules-fr.pdf');
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs).toContain('Une symétrie du lagrangien donne une quantité conservée le long des trajectoires.');
    for (const p of paragraphs) expect(p).not.toMatch(/Noether|Poisson-/);
  });
});
