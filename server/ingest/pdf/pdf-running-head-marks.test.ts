import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const sentence =
  'The plane waves spanned from a set of reciprocal lattice vectors form an orthonormal set once they are divided by the square root of the cell volume, and the coefficients of an expansion follow from one integral each.';

describe('a running head printing both marks on one baseline (fancyhdr: the subsection’s left, the section’s right)', () => {
  it('drops both, so a paragraph running on over the page is read whole and the subsection is headed once', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/running-head-marks.pdf'))), 'running-head-marks.pdf');
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs).toContain([sentence, sentence, sentence].join(' '));
    expect(doc.text.match(/Reciprocal lattice/g)).toHaveLength(1);
    expect(doc.text).not.toMatch(/PLANE WAVES AND UNIT CELLS/);
  });
});
