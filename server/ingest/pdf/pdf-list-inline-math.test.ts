import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a bulleted list whose short items open with a formula and end with ";"', () => {
  it('keeps every item a list item with its inline math, never a code block', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/list-inline-math.pdf'))), 'list-inline-math.pdf');
    expect(doc.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Problem 2'],
      ['paragraph', 'Consider the growth model of a fish stock from the lecture, with its harvest.'],
      ['paragraph', 'where:'],
      ['list-item', '\\(N_{t}\\) is the stock of fish (F) counted at time t;'],
      ['list-item', '\\(h_{t}\\) is the catch of the fleet (F) at time t;'],
      ['list-item', 'r is the growth rate of the stock when it is small and food is plentiful for every fish;'],
      ['list-item', 'K is the carrying capacity.'],
      ['paragraph', 'Find the equilibria of the model by hand.'],
    ]);
  });
});
