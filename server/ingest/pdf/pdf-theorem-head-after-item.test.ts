import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe("a theorem box's head with its name in brackets, right after a list item ending on a formula", () => {
  it('starts a paragraph of its own, never glued to the end of the item, and the item is kept', async () => {
    const doc = await extractPdf(
      new Uint8Array(readFileSync(fixturePath('pdf/latex/theorem-head-after-formula-item.pdf'))),
      'theorem-head-after-formula-item.pdf',
    );
    const items = doc.blocks.filter((b) => b.kind === 'list-item');
    expect(items).toHaveLength(3);
    expect(items[2].text).toBe('|z| = 0 ⟺ z = 0');
    const head = doc.blocks.findIndex((b) => b.text === 'Proposition 2 (L’inégalité triangulaire).');
    expect(doc.blocks[head]?.kind).toBe('paragraph');
    expect(doc.blocks[head + 1]?.kind).toBe('equation');
  });
});
