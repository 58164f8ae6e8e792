import { readFileSync } from 'node:fs';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf, layoutLines } from './pdf-extract';
import { readPdf } from './pdf-read';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/display-two-rows.pdf')));

describe('a two-row display: a fraction row, then a row naming a distribution in upright type', () => {
  it('keeps both rows and the end of the first one in the display, none of them in the prose after it', async () => {
    const doc = await extractPdf(fixture(), 'display-two-rows.pdf');
    expect(doc.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'equation', 'paragraph']);
    const equation = doc.blocks[2].text;
    for (const piece of ['X_{t+1} =', '− bX_{t},', '1 + X_{t}^{q}', 'y_{t} ∼ LogNormal(μ, σ^{2}),']) expect(equation).toContain(piece);
    expect(doc.blocks[3].text).toBe('where b is the linear rate of outflow and q a parameter of the recycling from the sediment.');
  });

  it('reads the display as LaTeX from where its pieces stand: the fraction over its bar, the rows aligned at their relations', async () => {
    const doc = await extractPdf(fixture(), 'display-two-rows.pdf');
    const equation = doc.blocks[2];
    expect(equation.latex).toBe(
      '\\begin{aligned}X_{t+1}&= X_{t}+ a_{t}+ y_{t}+ \\frac{X_{t}^{q}}{1 + X_{t}^{q}} - bX_{t}, \\\\ y_{t}&\\sim \\operatorname{LogNormal}(μ, σ^{2}),\\end{aligned}',
    );
    expect(equation.image).toBeUndefined();
    expect(() => katex.renderToString(equation.latex!, { throwOnError: true, displayMode: true })).not.toThrow();
  });

  it("crops the display's picture around every glyph of both rows", async () => {
    const { raw, doc } = await readPdf(fixture());
    await doc.loadingTask.destroy();
    const [line] = layoutLines(raw).lines.filter((l) => l.region?.kind === 'equation');
    const region = line.region!;
    const glyphs = raw.pages[0].items.filter((it) => /LogNormal|−|\+/.test(it.str) && it.y < 480 && it.y > 430);
    expect(glyphs.map((g) => g.str).join(' ')).toMatch(/LogNormal.*−|−.*LogNormal/);
    for (const g of glyphs) {
      expect(region.y0).toBeLessThanOrEqual(g.y);
      expect(region.y1).toBeGreaterThanOrEqual(g.y + 0.7 * g.size);
      expect(region.x0).toBeLessThanOrEqual(g.x);
      expect(region.x1).toBeGreaterThanOrEqual(g.x + g.width);
    }
  });
});
