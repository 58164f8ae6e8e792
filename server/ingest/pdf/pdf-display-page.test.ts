import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { orderPage } from './pdf-columns';
import { layoutLines } from './pdf-extract';
import type { Segment } from './pdf-lines';
import { readPdf } from './pdf-read';

const layout = async () => {
  const { raw, doc } = await readPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/display-page-fr.pdf'))));
  await doc.loadingTask.destroy();
  return layoutLines(raw);
};

describe('a page that is mostly displays', () => {
  it('takes the line gap from the lines of prose, not from the pieces of fractions and scripts', async () => {
    // 11pt type on a 13.6pt baseline.
    const { body } = await layout();
    expect(body.lineGap).toBeGreaterThan(13.2);
    expect(body.lineGap).toBeLessThan(13.9);
  });

  it('reads rows set in two parts a wide space apart as rows, not as two columns', async () => {
    const { lines } = await layout();
    expect(lines.every((l) => l.column === 0)).toBe(true);
    const [display] = lines.filter((l) => l.region?.kind === 'equation');
    // Both parts of a row, in the order of the rows.
    expect(display.region!.text).toMatch(/S_\{BV\} = S_\{0\}.*L = .*ω = dz.*S_\{1\} = .*S_\{1\}\|_\{L\}/);
  });
});

describe('pieces of one baseline', () => {
  it('reads them left to right when their baselines differ only in the last bits of a float', () => {
    // As pdf.js gave a line a tall inline formula split in two ("Ce calcul ... e" | ", ce qui permet les").
    const piece = (text: string, x0: number, x1: number, y: number): Segment => ({
      page: 26,
      x0,
      x1,
      y,
      size: 10.9,
      font: 'g_d0_f5',
      text,
      chars: text.length,
      mono: false,
      math: 0,
    });
    const lines = orderPage(
      [
        piece(', ce qui permet les', 434.7, 524.4, 305.358),
        piece('Ce calcul se généralise trivialement à ⟨P(x)⟩ = P e', 98.1, 369.2, 305.35799999999995),
      ],
      595,
    );
    expect(lines.map((l) => l.text)).toEqual(['Ce calcul se généralise trivialement à ⟨P(x)⟩ = P e', ', ce qui permet les']);
  });
});
