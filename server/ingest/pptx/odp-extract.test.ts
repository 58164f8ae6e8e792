import { describe, expect, it } from 'vitest';
import { extractOdp } from '../odp-extract';
import { sniffKind } from '../sniff';
import { buildOdp } from '@server/test/ingest/odp.support';

describe('an Impress deck (server/test/ingest/odp.support.ts)', () => {
  it('is known by its bytes and read like a PowerPoint deck', async () => {
    const data = await buildOdp();
    expect(sniffKind(data)).toBe('odp');
    const doc = await extractOdp(data, 'week4.odp');
    expect(doc.title).toBe('Membranes');
    expect(doc.titleBlock).toEqual(['Biology 101, Week 4']);
    expect(doc.blocks.map((b) => [b.kind, b.text, b.depth])).toEqual([
      ['heading', 'The lipid bilayer', undefined],
      ['list-item', 'Two layers of lipids', 0],
      ['list-item', 'Heads face the water', 1],
      ['list-item', 'Tails face each other', 0],
      ['quote', 'Draw the bilayer on the board first.', undefined],
      ['heading', 'Transport', undefined],
      ['table', 'Kind | Needs energy\nDiffusion | No', undefined],
    ]);
    expect(doc.blocks[2].links).toEqual([{ text: 'water', href: 'https://example.org/water' }]);
    expect(doc.summary).toBe('4 slides, 1 with speaker notes');
  });
});
