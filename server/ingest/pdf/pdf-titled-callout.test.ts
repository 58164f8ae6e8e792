import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/titled-callout.pdf')));

describe('a box of text under a title band (a due-date callout)', () => {
  it('is a callout with its title as the label and its own text, not a picture', async () => {
    const doc = await extractPdf(fixture(), 'titled-callout.pdf');
    expect(doc.blocks.map((b) => b.kind)).toEqual(['heading', 'margin', 'heading', 'paragraph', 'figure', 'paragraph']);
    const callout = doc.blocks[1];
    expect(callout.label).toBe('Due Date');
    expect(callout.text).toBe('Thursday, 10/03/24, 9:00pm');
    expect(callout.image).toBeUndefined();
    // The heading just above the box is the document's title, not a label of the box.
    expect(doc.blocks[0].text).toBe('Homework 3: River Pollution');
  });

  it('keeps the drawing in a box a figure', async () => {
    const doc = await extractPdf(fixture(), 'titled-callout.pdf');
    const figure = doc.blocks.find((b) => b.kind === 'figure');
    expect(figure?.alt).toContain('river flow');
  });

  it('prints the callout under its own title in the book', async () => {
    const doc = await extractPdf(fixture(), 'titled-callout.pdf');
    expect(renderBlocks(doc.blocks)).toContain('<blockquote><p><strong>Due Date:</strong> Thursday, 10/03/24, 9:00pm</p></blockquote>');
  });
});
