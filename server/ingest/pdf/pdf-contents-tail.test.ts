import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('contents that run over to the page where the first section starts', () => {
  it('leaves the entries at the head of that page out with the rest of the contents', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/contents-tail.pdf'))), 'contents-tail.pdf');
    const [title, first, second] = doc.blocks;
    expect(title.text).toBe('A Manual of Statistical Tests');
    expect([first.kind, first.text]).toEqual(['heading', '1 Sampling']);
    expect(second.text).toMatch(/^This short section about sampling states one fact and ends here\. Assume/);
    // The entries are headings where their sections stand, and nowhere else.
    for (const words of ['Paired Data', 'Normal Distribution of Errors', 'Goodness of Fit'])
      expect([words, doc.blocks.filter((b) => b.text.includes(words)).map((b) => b.kind)]).toEqual([words, ['heading']]);
  });
});
