import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a Beamer slide deck: the title over each frame', () => {
  it('heads the frame, said once over frames that go on with it, never taken for a running head', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/beamer-frames.pdf'))), 'beamer-frames.pdf');
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, b.text]);
    expect(headings).toEqual([
      [1, 'Estimating a Coin’s Bias'],
      [2, 'Overview'],
      [2, 'Bayes’ theorem'],
      [2, 'Is the coin fair?'],
      [2, 'Credible intervals'],
    ]);
    // Every frame's text is there, in order, under its title.
    const text = doc.blocks.map((b) => b.text).join('\n');
    for (const words of [
      'equating them gives the theorem',
      'normalises the posterior',
      'after a few tosses is broad',
      'the likelihood dominates',
    ])
      expect(text).toContain(words);
    const at = (s: string) => doc.blocks.findIndex((b) => b.text.includes(s));
    expect(at('normalises the posterior')).toBeLessThan(at('Is the coin fair?'));
    expect(at('the likelihood dominates')).toBeLessThan(at('Credible intervals'));
  });
});
