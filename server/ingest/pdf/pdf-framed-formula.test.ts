import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('display formulas set in a framed box with a shadow (a Beamer deck)', () => {
  it('are display equations, the lead-in and the sentence after each read as text, not pictures holding them', async () => {
    const doc = await extractPdf(
      new Uint8Array(readFileSync(fixturePath('pdf/latex/beamer-boxed-displays.pdf'))),
      'beamer-boxed-displays.pdf',
    );
    expect(doc.blocks.filter((b) => b.kind === 'figure')).toEqual([]);
    const kinds = doc.blocks.map((b) => b.kind);
    expect(kinds).toEqual(['heading', 'paragraph', 'equation', 'paragraph', 'equation', 'paragraph']);
    const [first, second] = doc.blocks.filter((b) => b.kind === 'equation');
    expect(first.text).toContain('P(A, B) = P(A)P(B|A)');
    expect(second.latex?.replace(/\s+/g, '')).toContain('\\frac{P(A|B,I)P(B|I)}{P(A|I)}');
    expect(doc.blocks[3].text).toMatch(/given y\. Rearranging this gives$/);
    expect(doc.blocks[5].text).toBe('This is Bayes’ theorem.');
  });
});
