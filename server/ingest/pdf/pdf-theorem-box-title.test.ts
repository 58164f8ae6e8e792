import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a theorem box right after a list (test-fixtures/pdf/latex/list-theorem-box.tex)', () => {
  it('starts a block at the box’s bold title instead of ending the last item with it', async () => {
    const name = 'list-theorem-box.pdf';
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
    const items = doc.blocks.filter((b) => b.kind === 'list-item').map((b) => b.text);
    expect(items).toHaveLength(2);
    expect(items[1]).toMatch(/la puissance nulle vaut un\.$/);
    expect(doc.blocks.some((b) => b.kind !== 'list-item' && b.text.trim() === 'Proposition 1.')).toBe(true);
  });
});
