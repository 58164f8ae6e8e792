import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('smallcaps-headings.pdf (LaTeX: headings in small capitals, bookmarks spelled by the author)', () => {
  it('keeps each heading in its own words and the case the author wrote, not the lower case the text layer reads', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/smallcaps-headings.pdf'))), 'smallcaps-headings.pdf');
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
    expect(headings).toEqual(['Truth Tables for TFL', 'Quantifiers', 'Nested Quantifiers']);
    // The text under them is read as it stands.
    expect(doc.blocks.find((b) => b.kind === 'paragraph' && b.text.startsWith('A quantifier tells us'))).toBeDefined();
  });
});
