import { readFileSync } from 'node:fs';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { glyphDisplayLatex, withGlyphLatex } from './pdf-display-glyphs';
import { extractPdf, layoutLines } from './pdf-extract';
import { readPdf } from './pdf-read';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/beamer-boxed-displays.pdf')));

describe('display formulas set in a framed box with a shadow (a Beamer deck)', () => {
  it('are display equations, the lead-in and the sentence after each read as text, not pictures holding them', async () => {
    const doc = await extractPdf(fixture(), 'beamer-boxed-displays.pdf');
    expect(doc.blocks.filter((b) => b.kind === 'figure')).toEqual([]);
    expect(doc.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'equation',
      'paragraph',
      'equation',
      'paragraph',
      'heading',
      'paragraph',
      'equation',
      'paragraph',
    ]);
    expect(doc.blocks[3].text).toMatch(/given y\. Rearranging this gives$/);
    expect(doc.blocks[5].text).toBe('This is Bayes’ theorem.');
  });

  it('are LaTeX: letters in a text italic as variables, a word in text type as \\text, an upright script as \\mathrm', async () => {
    const doc = await extractPdf(fixture(), 'beamer-boxed-displays.pdf');
    const latex = doc.blocks.filter((b) => b.kind === 'equation').map((b) => b.latex?.replace(/\s+/g, ''));
    expect(latex).toEqual([
      'P(A\\text{and}B)\\equivP(A,B)=P(A)P(B|A)=P(B)P(A|B),',
      'P(B|A,I)=\\frac{P(A|B,I)P(B|I)}{P(A|I)}.',
      'ρ_{\\mathrm{opt}}^{2}=(4/T)\\sum_{i}s_{i}^{2}w_{i},',
    ]);
    for (const b of doc.blocks.filter((x) => x.kind === 'equation'))
      expect(() => katex.renderToString(b.latex!, { throwOnError: true, displayMode: true })).not.toThrow();
  });

  it('keeps the picture when a glyph the display shows is not in the text: an empty argument, a delimiter read as nothing', async () => {
    const { raw, doc } = await readPdf(fixture());
    await doc.loadingTask.destroy();
    const page = raw.pages[0];
    const lines = layoutLines(raw).lines.filter((l) => l.page === 1);
    const line = lines.find((l) => l.region?.kind === 'equation' && l.region.text.startsWith('P(A and B)'))!;
    // As the line reader leaves it, before the glyphs are read.
    const region = { ...line.region!, latex: undefined };
    const unread = { ...line, region };
    expect(glyphDisplayLatex(page.items, page.marks ?? [], region)?.latex).toContain('\\equiv');
    // "B" of "P(A, B)" dropped by the text layer: "P(A, )".
    const b = page.items.filter((it) => it.str === 'B' && Math.abs(it.y - line.y) < 12).sort((x, y) => x.x - y.x)[1];
    expect(b).toBeDefined();
    expect(
      glyphDisplayLatex(
        page.items.filter((it) => it !== b),
        page.marks ?? [],
        region,
      ),
    ).toBeUndefined();
    // A piece of a tall parenthesis in the display that the text layer gives as no character.
    const withPiece = { ...page, pieces: [{ x0: region.x0 + 5, x1: region.x0 + 9, y: line.y - 2 }] };
    expect(withGlyphLatex([unread], withPiece)[0].region?.latex).toBeUndefined();
    expect(withGlyphLatex([unread], page)[0].region?.latex).toContain('\\equiv');
  });
});
