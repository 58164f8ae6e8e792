import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

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
});
