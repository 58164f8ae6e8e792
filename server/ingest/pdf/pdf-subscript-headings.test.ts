import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/titres-indices-fr.pdf')));

describe('headings naming a parameter with an index, against the bookmarks hyperref wrote for them', () => {
  // hyperref drops the Greek letter and keeps its index: "Intervalle de confiance pour 1" for "... pour β₁".
  it('keeps each such heading a heading, in order', async () => {
    const doc = await extractPdf(fixture(), 'titres-indices-fr.pdf');
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text.replace(/\\\(|\\\)|[_^{}]/g, '').replace('’', "'"));
    expect(headings).toEqual([
      'Régression linéaire simple',
      '1.1 Intervalles de confiance',
      '1.1.1 Distribution des estimateurs',
      '1.1.2 Intervalle de confiance pour β1',
      '1.1.3 Intervalle de confiance pour β0',
      '1.2 Variance des erreurs',
      '1.2.1 Résidus',
      '1.2.2 Estimateur de σ²',
      "1.2.3 Tableau d'analyse de la variance",
    ]);
  });

  it('leaves no heading line among the paragraphs', async () => {
    const doc = await extractPdf(fixture(), 'titres-indices-fr.pdf');
    for (const b of doc.blocks.filter((x) => x.kind === 'paragraph')) expect(b.text).not.toMatch(/^[\d.]+ (Intervalle|Estimateur)/);
  });
});
