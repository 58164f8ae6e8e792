import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import type { DocBlock } from '@server/core/document-model';
import { extractPdf } from './pdf-extract';
import { attachFaces } from './pdf-faces';

describe('bold and italic words inside a PDF paragraph (test-fixtures/pdf/latex/inline-faces.tex)', () => {
  it('keeps the runs set in CMBX and CMTI inside a line of text, never a line all in bold nor a formula', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/inline-faces.pdf'))), 'inline-faces.pdf');
    const prices = doc.blocks.find((b) => b.text.startsWith('The price of the good'));
    expect(prices).toMatchObject({
      kind: 'paragraph',
      strong: ['too high', 'bold phrase'],
      emphasis: ['elastic', 'italic type'],
    });
    const apart = doc.blocks.find((b) => b.text.startsWith('A whole line in bold'));
    expect(apart?.strong).toBeUndefined();
    const plain = doc.blocks.find((b) => b.text.startsWith('The market clears'));
    expect(plain?.strong ?? plain?.emphasis).toBeUndefined();
    expect(doc.blocks.find((b) => b.kind === 'heading')?.strong).toBeUndefined();
  });

  it('puts a run only on whole words found once, never inside a longer word nor on a block far off', () => {
    const blocks: DocBlock[] = [
      { kind: 'paragraph', text: 'Convert the data into a function.', page: 1 },
      { kind: 'paragraph', text: 'The mean and the mean again.', page: 1 },
      { kind: 'paragraph', text: 'Use a loop without a loop counter.', page: 1 },
      { kind: 'paragraph', text: 'Far off, on page three, in a sentence.', page: 3 },
    ];
    const attached = attachFaces(blocks, [
      { text: 'in', face: 'bold', page: 1 },
      { text: 'mean', face: 'italic', page: 1 },
      { text: 'without a loop', face: 'bold', page: 1 },
      { text: 'Far off', face: 'italic', page: 1 },
    ]);
    expect(attached).toBe(1);
    expect(blocks.map((b) => [b.strong, b.emphasis])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
      [['without a loop'], undefined],
      [undefined, undefined],
    ]);
  });
});
