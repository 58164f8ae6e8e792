import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const boxes = () => extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/shaded-boxes.pdf'))), 'shaded-boxes.pdf');

describe('text on shaded bands and banners (shaded-boxes.pdf)', () => {
  it('reads a title set in a shaded banner as the title, with its author and date as the title block', async () => {
    const doc = await boxes();
    expect(doc.title).toBe('Forces on a Slope');
    expect(doc.titleBlock).toEqual(['Ada Lovelace', '12 March 2025']);
    expect(doc.blocks[0]).toMatchObject({ kind: 'heading', level: 1, text: 'Forces on a Slope' });
  });

  it('keeps notes on shaded bands as text, and the drawing inside a shaded definition as its only figure', async () => {
    const doc = await boxes();
    const texts = doc.blocks.filter((b) => b.kind !== 'figure').map((b) => b.text);
    expect(texts).toContain('1: The angle is measured from the ground, not from the vertical.');
    expect(texts).toContain('2: https://example.org/slopes');
    expect(texts).toContain('⋆[D] Explain why the normal force is smaller than the weight.');
    const figures = doc.blocks.filter((b) => b.kind === 'figure');
    expect(figures).toHaveLength(1);
    expect(figures[0].alt).toMatch(/N W/);
  });
});

describe('a legend of marks (shaded-boxes.pdf)', () => {
  it('reads each entry ("× : wrong.") as a line of its own, not run on after the entry above it', async () => {
    const doc = await boxes();
    const texts = doc.blocks.map((b) => b.text);
    const at = texts.indexOf('Marks used on the answer sheets:');
    expect(texts.slice(at + 1, at + 5)).toEqual([
      '∘ : right, but the significant figures are mishandled.',
      '× : wrong.',
      'wavy underline : a critical issue (it usually leads to a wrong answer)',
      'purple marker : an English issue (tolerated)',
    ]);
  });
});
