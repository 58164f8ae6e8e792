import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe("a character the document's typewriter font has no glyph for (its .notdef, mapped to U+FFFF)", () => {
  it('reads as the replacement character in its place, and the page is named in a warning', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/missing-glyph.pdf'))), 'missing-glyph.pdf');
    expect(doc.text).not.toMatch(/[\uFFFE\uFFFF]/);
    expect(doc.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Finding equilibria'],
      [
        'paragraph',
        'Use the root finder to find the equilibria by solving for values where the next state equals the current one. Call ' +
          'find_zero(f, x\uFFFD), where x\uFFFD is an initial value for the search (your plot shows values for x\uFFFD near each ' +
          'equilibrium).',
      ],
    ]);
    expect(doc.warnings).toEqual([
      "page 1: 3 characters are missing from the document's own fonts (the PDF prints them blank); the text shows \uFFFD in their places",
    ]);
  });
});
