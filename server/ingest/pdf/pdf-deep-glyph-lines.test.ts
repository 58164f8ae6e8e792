import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/deep-glyph-lines-fr.pdf')));

describe('a line TeX sets further down under a deep glyph (a tilde under a vector, a sum with its limits)', () => {
  it('goes on in the paragraph of the full line above it', async () => {
    const doc = await extractPdf(fixture(), 'deep-glyph-lines-fr.pdf');
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs.find((p) => p.startsWith('Pour obtenir'))).toMatch(/en série de Taylor au premier ordre .*précédente\.$/);
    expect(paragraphs.find((p) => p.startsWith('On remarque'))).toMatch(/la somme des carrés SSE dans le tableau .*du modèle\.$/);
    expect(paragraphs.some((p) => p.startsWith('SSE'))).toBe(false);
    // The paragraphs the source sets apart stay apart.
    expect(paragraphs.some((p) => p.startsWith('Cette équation correspond à'))).toBe(true);
  });
});
