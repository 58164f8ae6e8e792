import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/plot-titles-fr.pdf')));

describe("a plot's titles set well above its drawing (R's main, one over each panel)", () => {
  it('are the figure’s alt text, not paragraphs before it', async () => {
    const doc = await extractPdf(fixture(), 'plot-titles-fr.pdf');
    const figures = doc.blocks.filter((b) => b.kind === 'figure');
    expect(figures).toHaveLength(2);
    expect(figures[0].alt).toMatch(/Âge prédit d.un cerisier noir.*Âge prédit d.un cerisier noir/);
    expect(figures[0].alt).toMatch(/Vue 1.*Vue 2/);
    // A title in larger type, wider than the plot's box, centred over it in the type of its tick labels: the plot's too.
    expect(figures[1].alt).toMatch(/Âge prédit des passagers du Titanic/);
    expect(figures[1].alt).toMatch(/10 20 30 40 50 60 70.*Prix du billet/);
    expect(doc.blocks.filter((b) => b.kind !== 'figure' && /Vue \d|Âge prédit|Prix du billet/.test(b.text))).toEqual([]);
    // The sentences around the plots stay the text's.
    expect(doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text.slice(0, 20))).toEqual([
      'On cherche à prédire',
      'Le plan de régressio',
      'Plus le billet coûte',
    ]);
  });
});
