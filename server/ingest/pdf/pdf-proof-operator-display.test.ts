import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a proof leading into an aligned display whose operators stand close to their Greek arguments', () => {
  it('keeps every row of the display in one equation after the lead-in, none read as a paragraph', async () => {
    const doc = await extractPdf(
      new Uint8Array(readFileSync(fixturePath('pdf/latex/proof-operator-display.pdf'))),
      'proof-operator-display.pdf',
    );
    expect(doc.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'paragraph', 'equation', 'paragraph']);
    expect(doc.blocks[2].text).toBe('Démonstration. Par récurrence, on montre que');
    const display = doc.blocks[3];
    // All three rows, the first ("(cos θ + i sin θ)^n = ...") with them.
    expect(display.text).toMatch(/^\(cosθ ?\+ ?isinθ\)\^\{n\} = .*\^\{n-1\}.*= \(cos\(\(n−1\)θ\).*= cosnθ ?\+ ?isinnθ$/);
    expect(doc.blocks[4].text).toBe('Nous définissons ensuite la notation exponentielle à partir de cette formule.');
  });
});
