import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a bookmarked heading holding a fraction the bookmark leaves out', () => {
  it('is still read as that heading, its fraction and bars kept', async () => {
    const doc = await extractPdf(
      new Uint8Array(readFileSync(fixturePath('pdf/latex/fraction-heading-bookmark.pdf'))),
      'fraction-heading-bookmark.pdf',
    );
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      '1 Équation complexe d’une droite',
      '2 Équation complexe d’un cercle',
      '3 Équation (|z-a|)/(|z-b|) = k',
    ]);
  });
});
