import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a paragraph set ragged-right in a narrow column beside a figure (a Beamer frame)', () => {
  it('is one paragraph, the figure’s credit line set beside it following it, not lines each a paragraph', async () => {
    const doc = await extractPdf(
      new Uint8Array(readFileSync(fixturePath('pdf/latex/beamer-figure-beside.pdf'))),
      'beamer-figure-beside.pdf',
    );
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs).toEqual([
      'Posterior probability distributions have the same dimensionality as the number of parameters we want to infer in our model, so for the gradient and intercept of a straight line from some data we have two parameters and our posterior will be two-dimensional.',
      'A sample. Credit: the fixture.',
      'We may only be interested in one of the parameters, so we integrate over the others.',
    ]);
    expect(doc.blocks.filter((b) => b.kind === 'figure')).toHaveLength(1);
  });
});
