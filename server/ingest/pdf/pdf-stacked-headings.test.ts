import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('numbered headings stacked with no text between them (test-fixtures/pdf/latex/stacked-headings.tex)', () => {
  it('are headings in order, not a two-column table of numbers and titles', async () => {
    const name = 'stacked-headings.pdf';
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
    expect(doc.blocks.filter((b) => b.kind === 'table')).toEqual([]);
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      '1 Signals',
      '1.1 Analog signals',
      '1.2 Digital signals',
      '2 Convolution and filtering',
      '2.1 Convolution and its properties',
      '2.2 Linear time-invariant systems',
    ]);
  });
});
