import { readFileSync } from 'node:fs';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { glyphDisplayLatex } from './pdf-display-glyphs';
import { extractPdf, layoutLines } from './pdf-extract';
import { readPdf } from './pdf-read';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/display-matrices.pdf')));

describe('a display of matrices read from where its glyphs stand', () => {
  it('is one LaTeX block: bmatrix and pmatrix by the drawn delimiters, rows by baseline, columns by the gaps, the underbrace with its label', async () => {
    const doc = await extractPdf(fixture(), 'display-matrices.pdf');
    expect(doc.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'equation', 'paragraph']);
    const equation = doc.blocks[2];
    expect(equation.latex).toBe(
      '\\begin{bmatrix}4 & 6 & 11 \\\\ 6 & 6 & 15 \\\\ -2 & 0 & -4 \\\\ 2 & 6 & 7\\end{bmatrix}=' +
        '\\left( \\begin{bmatrix}1 & 0 & 0 & 0 \\\\ 0 & 1 & 0 & 0 \\\\ 0 & 0 & 1 & 0 \\\\ 0 & 0 & 0 & 1\\end{bmatrix}' +
        '\\underbrace{\\begin{bmatrix}0 & 0 & 1 & 0 \\\\ 0 & 1 & 0 & 0 \\\\ 1 & 0 & 0 & 0 \\\\ 0 & 0 & 0 & 1\\end{bmatrix}}_{T_{3,1}^{-1}} \\right)' +
        '\\begin{pmatrix}2 & 6 & 7 \\\\ 6 & 6 & 15 \\\\ -2 & 0 & -4 \\\\ 4 & 6 & 11\\end{pmatrix}',
    );
    expect(equation.image).toBeUndefined();
    expect(() => katex.renderToString(equation.latex!, { throwOnError: true, displayMode: true })).not.toThrow();
    // The prose around it stays text.
    expect(doc.blocks[1].text).toBe('Wir zerlegen die Matrix in zwei Faktoren:');
    expect(doc.blocks[3].text).toBe('Danach streichen wir die letzte Zeile und erhalten die Faktorisierung.');
  });

  it('keeps the picture when a glyph inside the display is not read into the formula', async () => {
    const { raw, doc } = await readPdf(fixture());
    await doc.loadingTask.destroy();
    const page = raw.pages[0];
    const region = layoutLines(raw).lines.find((l) => l.region?.kind === 'equation')!.region!;
    expect(glyphDisplayLatex(page.items, page.marks ?? [], region)?.latex).toContain('\\begin{pmatrix}');
    // A stray full-size glyph between two rows of the first matrix belongs to no cell, script or limit.
    const first = page.items.find((it) => it.str === '11')!;
    const stray = { ...first, str: 'x', y: first.y - 6.5, x: first.x + 30 };
    expect(glyphDisplayLatex([...page.items, stray], page.marks ?? [], region)).toBeUndefined();
  });
});
