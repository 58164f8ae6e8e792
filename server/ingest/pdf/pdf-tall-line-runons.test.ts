import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a sentence whose lines hold tall inline formulas (fractions in the line), in French notes', () => {
  it('stays one paragraph although the fractions open gaps between its lines', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/phrase-fraction-fr.pdf'))), 'phrase-fraction-fr.pdf');
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toMatch(/^On définit le coefficient .* qui n’est pas expliquée par la régression\.$/);
    expect(paragraphs[1]).toMatch(/^Pour ce faire, on pose .* a convergé\.$/);
  });
});
