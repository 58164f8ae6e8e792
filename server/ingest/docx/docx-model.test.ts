import { describe, expect, it } from 'vitest';
import { extractDocx } from '../docx-extract';
import { handout } from '@server/test/ingest/handout-docx.support';

describe('DOCX into the document model', () => {
  it('headings set by font size, equations as LaTeX (display and inline), tables with cells, pictures as figures with captions', async () => {
    const doc = await extractDocx(await handout(), 'handout.docx');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.level])).toEqual([
      ['Simulation Modelling', 1],
      ['Example A: Evaluating an Integral', 2],
      ['Task 1: Queues', 2],
    ]);
    expect(doc.blocks.find((b) => b.kind === 'equation')?.latex).toBe('\\sum_{i=1}^{n}x=\\frac{n}{2}');
    expect(doc.blocks.find((b) => b.text.startsWith('The standard error'))?.text).toBe(
      'The standard error is \\(\\sqrt{{\\sigma}^{2}}\\) for every run of the simulation we make.',
    );
    expect(doc.blocks.find((b) => b.kind === 'table')?.rows).toEqual([
      ['Level', 'z'],
      ['95%', '1.96'],
    ]);
    const figure = doc.blocks.find((b) => b.kind === 'figure');
    expect(figure?.caption).toBe('Figure 1: The queue of the arcade machine');
    expect(doc.images).toHaveLength(1);
    expect(figure?.image?.sha256).toBe(doc.images?.[0].sha256);
    expect(doc.images?.[0].mime).toBe('image/png');
    // The caption is the figure's, not a paragraph of its own.
    expect(doc.blocks.filter((b) => b.kind === 'paragraph' && b.text.startsWith('Figure 1'))).toEqual([]);
  });
});
