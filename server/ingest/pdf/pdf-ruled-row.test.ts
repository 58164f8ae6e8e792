import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a table of one row between two rules', () => {
  it('reads the header row a lead-in names as a table of its header, and prose between two rules as a paragraph', async () => {
    const data = new Uint8Array(readFileSync(fixturePath('pdf/latex/ruled-header-row.pdf')));
    const doc = await extractPdf(data, 'ruled-header-row.pdf');
    const at = doc.blocks.findIndex((b) => b.text === 'The table should therefore have the following header');
    expect(at).toBeGreaterThan(0);
    const table = doc.blocks[at + 1];
    expect(table.kind).toBe('table');
    expect(table.kind === 'table' && table.rows).toEqual([['Kind', 'Name', 'Time of birth', 'Weight [kg]']]);
    expect(table.kind === 'table' && table.header).toBe(true);
    expect(doc.blocks[at + 2]).toMatchObject({
      kind: 'paragraph',
      text: 'The further tasks are for the bonus points: each task can earn two of them.',
    });
    expect(doc.blocks.find((b) => b.text.includes('closing remark'))).toMatchObject({
      kind: 'paragraph',
      text: 'A closing remark set between two rules',
    });
  });
});
