import { readFileSync } from 'node:fs';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { clauseLatex } from './pdf-clause-displays';
import { extractPdf } from './pdf-extract';

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
