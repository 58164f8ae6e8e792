import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { placeAccent } from './pdf-accents';

const notes = () => extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/notes-titre-fr.pdf'))), 'notes-titre-fr.pdf');

describe('French LaTeX notes set without T1 fonts (accents built from two glyphs)', () => {
  it('reads every accented letter as one character and keeps headings and sentences whole', async () => {
    const doc = await notes();
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Notes de cours de Mécanique Céleste et Géométrie',
      '1 Le problème à deux corps',
      '2 Forêts et flûtes',
    ]);
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toContain('Le problème se ramène à un seul corps dans un champ central, où l’énergie et le moment cinétique');
    expect(paragraphs[0]).toContain('on l’appliquera plutôt deux fois qu’une, même là où elle paraît superflue.');
    expect(paragraphs[1]).toContain('La dernière étape, très sûre, vérifie la première loi de Kepler; voilà où mène la géométrie.');
    expect(paragraphs[1]).toContain('État des lieux: À la fin, Élodie ouvre la Übung.');
    expect(doc.text).not.toMatch(/[`´ˆ¨˜]/);
  });

  it('takes the whole title set over two lines, the first ending on "de"', async () => {
    const doc = await notes();
    expect(doc.title).toBe('Notes de cours de Mécanique Céleste et Géométrie');
  });

  it('puts an accent only on a letter', () => {
    expect(placeAccent('para\u02c6', 'ıt superflue')).toEqual({ before: 'para', after: 'ît superflue' });
    expect(placeAccent('probl`', 'eme')).toEqual({ before: 'probl', after: 'ème' });
    expect(placeAccent('run `', '(x)')).toBeUndefined();
    expect(placeAccent('plain', 'text')).toBeUndefined();
  });
});
