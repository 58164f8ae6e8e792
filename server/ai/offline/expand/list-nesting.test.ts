import { describe, expect, it } from 'vitest';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import type { Material } from '@server/ai/material';
import { sourceMap } from '@server/ai/shared/source-map';
import { placeBlocks } from './place-blocks';
import { placeAroundSelection } from './expand-selection';

/** A deck's slides: each a title and its bullets, the second slide's last bullet a sub-point of the one before it. */
const blocks: DocBlock[] = [
  { kind: 'heading', level: 1, text: 'Cholera in Haiti' },
  { kind: 'list-item', depth: 0, text: 'Sequencing of genomes to determine relationships among strains' },
  { kind: 'list-item', depth: 0, text: 'Haiti strains had their origins in South Asia, likely via relief workers' },
  { kind: 'heading', level: 1, text: 'Multi-locus sequence typing' },
  { kind: 'list-item', depth: 0, text: 'PCR and sequencing of seven housekeeping genes' },
  { kind: 'list-item', depth: 1, text: 'PCR is being replaced with genome sequencing to determine the type' },
];
const document: ExtractedDocument = {
  filename: 'epidemiology.pptx',
  mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  text: blocks.map((b) => b.text).join('\n\n'),
  blocks,
};
const material: Material = {
  sources: [{ id: 1, filename: document.filename, mime: document.mime, text: document.text, document }],
  chunks: [],
};

describe('list items an expansion brings from several slides', () => {
  it('nests an item under the one before it only when it follows it in the document', () => {
    const map = sourceMap(material);
    const order = (text: string) => map.blocks.findIndex((b) => b.block.text === text);
    const chosen = [blocks[1], blocks[2], blocks[5]].map((block) => ({
      order: order(block.text),
      unit: map.blocks[order(block.text)].unit,
      block,
      tier: 'neighbour' as const,
    }));
    const html = placeBlocks(map, '<p>Genomes tell strains apart.</p>', chosen, { unit: null, headingLevel: 3 })
      .map((p) => p.html)
      .join('');
    // The sub-point of another slide's bullet is no sub-point of "relief workers".
    expect(html).not.toMatch(/relief workers<\/p><ul>/);
    expect(html).toContain('<li><p>PCR is being replaced with genome sequencing to determine the type</p></li>');
    expect(html).toContain('<li><p>Haiti strains had their origins in South Asia, likely via relief workers</p></li>');
  });

  it('does the same after a selection it expands', () => {
    const map = sourceMap(material);
    const order = (text: string) => map.blocks.findIndex((b) => b.block.text === text);
    const pieces = [blocks[2], blocks[5]].map((block) => ({ order: order(block.text), block }));
    const html = placeAroundSelection(map, '<p>Genomes tell strains apart.</p>', [order(blocks[1].text)], pieces);
    expect(html).not.toMatch(/relief workers<\/p><ul>/);
    expect(html).toContain('<li><p>PCR is being replaced with genome sequencing to determine the type</p></li>');
  });
});
