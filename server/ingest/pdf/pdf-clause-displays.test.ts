import { readFileSync } from 'node:fs';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { clauseLatex, takeDisplayLabels } from './pdf-clause-displays';
import { extractPdf } from './pdf-extract';
import type { PdfLine } from './pdf-types';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/display-clauses-fr.pdf')));

describe('aligned displays of a symbol and a clause in words', () => {
  it('reads the rows of each display as one aligned display, the words in \\text{}', async () => {
    const doc = await extractPdf(fixture(), 'display-clauses-fr.pdf');
    const equations = doc.blocks.filter((b) => b.kind === 'equation');
    expect(equations.map((b) => b.latex)).toEqual([
      '\\begin{aligned}X_{t} &: \\text{Nombre d’années de scolarité de l’actuaire }t \\\\ Y_{t} &: \\text{Salaire de l’actuaire }t\\end{aligned}',
      '\\begin{aligned}H_{0} &: \\text{Un modèle réduit, noté }M_{0}\\text{, qui est un sous-modèle de }M_{1}\\text{,} \\\\ & \\text{le modèle complet, est statistiquement acceptable.} \\\\ H_{1} &: \\text{On doit utiliser le modèle plus complet, noté }M_{1}\\text{.}\\end{aligned}',
    ]);
    for (const b of equations) expect(() => katex.renderToString(b.latex ?? '', { throwOnError: true, displayMode: true })).not.toThrow();
    // No row is left a paragraph of its own, and the text around the displays stays as it was.
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs.filter((t) => /actuaire t|sous-modèle|statistiquement acceptable/.test(t))).toEqual([]);
    expect(paragraphs).toContain('On utilise la statistique suivante pour tester les hypothèses.');
  });

  it('keeps a paragraph that starts with a formula and a colon a paragraph', async () => {
    const doc = await extractPdf(fixture(), 'display-clauses-fr.pdf');
    const last = doc.blocks[doc.blocks.length - 1];
    expect(last.kind).toBe('paragraph');
    expect(last.text).toMatch(/^\\\(Y_\{t\}\\\) : la variable réponse du modèle, .* de la compagnie\.$/);
  });

  it('sets the words of a clause in \\text{} and its formulas and last lone letter as mathematics', () => {
    expect(clauseLatex('Salaire de l’actuaire t')).toBe('\\text{Salaire de l’actuaire }t');
    expect(clauseLatex('Modèle avec \\(X_{1}\\), \\(X_{2}\\) et 100% des cas')).toBe(
      '\\text{Modèle avec }X_{1}\\text{, }X_{2}\\text{ et 100\\% des cas}',
    );
  });
});

/** A line of a 10 pt column from x 126 to 484, baselines 12 pt apart (geometry as the French regression notes set it). */
const line = (text: string, y: number, extra: Partial<PdfLine> = {}): PdfLine => ({
  page: 102,
  column: 0,
  x0: 126,
  x1: 484,
  y,
  size: 10,
  font: 'CMR10',
  text,
  columnLeft: 126,
  columnRight: 484,
  ...extra,
});
const picture = (y: number): PdfLine =>
  line('', y, {
    x0: 197,
    x1: 414,
    math: 1,
    region: { kind: 'equation', page: 102, x0: 197, x1: 414, y0: 530, y1: y, text: 'χ²_obs ≥ χ²_α(P_H1 − P_H0)' },
  });

describe('words set under a display kept as a picture', () => {
  it('takes the short lines under the display into its picture and alt text', () => {
    const out = takeDisplayLabels(
      [
        line('On peut ainsi dire que cela revient à tester,', 576, { x1: 316 }),
        picture(563),
        line('Différence entre le nombre', 516, { x0: 231, x1: 346 }),
        line('de paramètres entre \\(M_{0}\\) et \\(M_{1}\\)', 501, { x0: 231, x1: 364 }),
        line('Ce qui revient à tester si :', 479, { x1: 236 }),
      ],
      12,
    );
    expect(out.map((l) => l.text || l.region?.text)).toEqual([
      'On peut ainsi dire que cela revient à tester,',
      'χ²_obs ≥ χ²_α(P_H1 − P_H0) Différence entre le nombre de paramètres entre M_{0} et M_{1}',
      'Ce qui revient à tester si :',
    ]);
    expect(out[1].region?.y0).toBeLessThan(501);
  });

  it('leaves a sentence, a clause leading on and a wide line after a display in the text', () => {
    for (const next of [
      line('alors,', 516, { x0: 231, x1: 260 }),
      line('Soit le test de Fisher partiel.', 516, { x0: 231, x1: 364 }),
      line('et en remplaçant la variance par son estimation dans la matrice, on obtient', 516, { x0: 140, x1: 480 }),
    ]) {
      const lines = [picture(563), next, line('Ce qui revient à tester si :', 479, { x1: 236 })];
      expect(takeDisplayLabels(lines, 12)).toEqual(lines);
    }
  });
});
