import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('labels over the text they name (test-fixtures/pdf/latex/run-in-labels.tex)', () => {
  it('keeps a one-word label set in a face of its own and the short sentence closing a proof', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/run-in-labels.pdf'))), 'run-in-labels.pdf');
    const texts = doc.blocks.map((b) => b.text.trim());
    for (const label of ['Notation', 'Beweis', 'Idee']) expect(texts).toContain(label);
    expect(texts).toContain('Also ist \\(p_{1}\\) = \\(p_{2}\\). □');
    // Each label stands right before the text it names.
    const at = texts.indexOf('Notation');
    expect(texts[at + 1]).toMatch(/^Im Folgenden sei/);
  });
});
