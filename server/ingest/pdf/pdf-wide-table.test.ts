import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('wide-table.pdf (LaTeX: a ruled lookup table of sixteen values and its row label, captioned as a table)', () => {
  it('reads the table as its rows of cells, not a picture of it', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/wide-table.pdf'))), 'wide-table.pdf');
    const table = doc.blocks.find((b) => b.kind === 'table');
    expect(table?.caption).toMatch(/The substitution box/);
    expect(table?.rows?.map((r) => r.slice(1).join(''))).toEqual(['0123456789ABCDEF', 'C56B90AD3EF84712']);
    expect(table?.rows?.map((r) => r.length)).toEqual([17, 17]);
  });
});
