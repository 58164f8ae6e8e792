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

describe('displays of fractions, integrals and sums read from where their glyphs stand', () => {
  const fractions = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/display-fractions-fr.pdf')));

  it('reads each display as one KaTeX-checked LaTeX block between its sentences, or keeps the picture of one with a word of text in it', async () => {
    const doc = await extractPdf(fractions(), 'display-fractions-fr.pdf');
    expect(doc.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'equation',
      'paragraph',
      'equation',
      'paragraph',
      'equation',
      'paragraph',
      'equation',
      'paragraph',
    ]);
    const [hamilton, action, current, prose] = doc.blocks.filter((b) => b.kind === 'equation');
    // Fractions by their bars, rows aligned at their relations.
    expect(hamilton.latex).toBe(
      '\\begin{aligned}\\frac{d γ^{i}}{d t}&=\\frac{\\partial H}{\\partial p_{i}}(t,γ,π) \\\\ \\frac{d π_{i}}{d t}&=-\\frac{\\partial H}{\\partial q^{i}}(t,γ,π)\\end{aligned}',
    );
    // Limits over and under a display integral; the dot accent on its letter.
    expect(action.latex).toBe('A[γ]=\\int _{t_{0}}^{t_{1}}L(t,γ,\\dot{γ})d t.');
    // Limits under two sums, then a fraction.
    expect(current.latex).toBe('X^{μ}=\\sum _{a}\\sum _{|m|\\le r}X^{a,m,μ}\\frac{\\partial f_{a}}{\\partial x^{m}}');
    for (const e of [hamilton, action, current]) {
      expect(e.image).toBeUndefined();
      expect(() => katex.renderToString(e.latex!, { throwOnError: true, displayMode: true })).not.toThrow();
    }
    // "où" is a word of the sentence: this reading does not put prose into LaTeX.
    expect(prose.latex).toBeUndefined();
    expect(prose.text).toContain('où');
    expect(doc.blocks[9].text).toBe('La dernière formule garde un mot du texte.');
  });

  it("reads an integral's limits that the display's lines left outside its box", async () => {
    const { raw, doc } = await readPdf(fractions());
    await doc.loadingTask.destroy();
    const page = raw.pages[0];
    const region = layoutLines(raw).lines.find((l) => l.region?.latex?.includes('\\int'))!.region!;
    // The upper limit "t₁" stands over the integral sign; a box cut just under it (as a crop from the lines may be).
    const upper = page.items.find((it) => it.str === 't' && it.size < 9 && it.y > region.y0 + 0.6 * (region.y1 - region.y0))!;
    const cut = { ...region, latex: undefined, y1: upper.y - 1 };
    expect(glyphDisplayLatex(page.items, page.marks ?? [], cut)?.latex).toBe('A[γ]=\\int _{t_{0}}^{t_{1}}L(t,γ,\\dot{γ})d t.');
  });
});

describe('matrices whose brackets are one big glyph each (test-fixtures/pdf/latex/display-big-brackets.tex)', () => {
  it('reads a matrix of two rows inside one-glyph brackets as bmatrix or pmatrix, beside one of four rows built from pieces', async () => {
    const doc = await extractPdf(
      new Uint8Array(readFileSync(fixturePath('pdf/latex/display-big-brackets.pdf'))),
      'display-big-brackets.pdf',
    );
    expect(doc.blocks.map((b) => b.kind)).toEqual(['paragraph', 'equation', 'paragraph', 'equation', 'paragraph']);
    const [factors, rotation] = doc.blocks.filter((b) => b.kind === 'equation');
    expect(factors.latex).toBe(
      '\\begin{bmatrix}4 & 6 & 11 \\\\ 6 & 6 & 15 \\\\ -2 & 0 & -4 \\\\ 2 & 6 & 7\\end{bmatrix}=' +
        '\\begin{bmatrix}-2 & 1 \\\\ -3 & 1 \\\\ 1 & 0 \\\\ -1 & 1\\end{bmatrix}' +
        '\\begin{bmatrix}-2 & 0 & -4 \\\\ 0 & 6 & 3\\end{bmatrix}',
    );
    expect(rotation.latex).toMatch(
      /^R=\\begin\{pmatrix\}0 & -1 \\\\ 1 & 0\\end\{pmatrix\},\s*R\^\{2\}=\\begin\{pmatrix\}-1 & 0 \\\\ 0 & -1\\end\{pmatrix\}\.$/,
    );
    for (const b of [factors, rotation]) {
      expect(b.image).toBeUndefined();
      expect(() => katex.renderToString(b.latex!, { throwOnError: true, displayMode: true })).not.toThrow();
    }
    expect(doc.blocks[0].text).toBe('Removing two columns gives the factorisation');
    expect(doc.blocks[4].text).toBe('Both products are checked by multiplying out.');
  });
});

describe('matrices whose bracket pieces pdf.js reads as their codes (test-fixtures/pdf/latex/display-pieces-codes.tex)', () => {
  it('stacks the pieces read through the extension font into one delimiter and reads the matrices', async () => {
    const doc = await extractPdf(
      new Uint8Array(readFileSync(fixturePath('pdf/latex/display-pieces-codes.pdf'))),
      'display-pieces-codes.pdf',
    );
    expect(doc.blocks.map((b) => b.kind)).toEqual(['paragraph', 'equation', 'paragraph', 'equation', 'paragraph', 'equation']);
    const display = doc.blocks[1];
    expect(display.latex).toMatch(
      /^P=\\begin\{pmatrix\}0 & 0 & 1 & 0 \\\\ 0 & 1 & 0 & 0 \\\\ 1 & 0 & 0 & 0 \\\\ 0 & 0 & 0 & 1\\end\{pmatrix\},\s*Q=\\begin\{bmatrix\}1 & 0 & 0 & 0 \\\\ 0 & 1 & 0 & 0 \\\\ 0 & 0 & 0 & 0 \\\\ 0 & 0 & 0 & 0\\end\{bmatrix\}\.$/,
    );
    expect(display.image).toBeUndefined();
    expect(() => katex.renderToString(display.latex!, { throwOnError: true, displayMode: true })).not.toThrow();
    expect(doc.blocks[2].text).toBe('Both are symmetric, and only the first is invertible. The stable set of a fixed point p is');
  });

  it('reads the column of pieces of a big "|" as one bar, limits under "lim", and leaves the tips of an underbrace out of the text', async () => {
    const doc = await extractPdf(
      new Uint8Array(readFileSync(fixturePath('pdf/latex/display-pieces-codes.pdf'))),
      'display-pieces-codes.pdf',
    );
    const [, set, iterate] = doc.blocks.filter((b) => b.kind === 'equation');
    // pdf.js reads the pieces of \Big| (code 12) as white space and the tips (0x7A-0x7D) as "z{|}", the big braces (0x6E,
    // 0x6F) by the font's own map as "{" and "}".
    expect(set.text).toBe('W(p) := {x ∈ Ω | lim_{n→∞} f^{n}(x) = p},');
    expect(set.latex).toBe('W(p):=\\left\\{ x\\inΩ|\\lim_{n\\to \\infty}f^{n}(x)=p \\right\\},');
    expect(() => katex.renderToString(set.latex!, { throwOnError: true, displayMode: true })).not.toThrow();
    expect(iterate.text).toMatch(/^f\^\{n\}\(x\) := f\(f\(\. \. \. f\(x\)\)\)\s*\.$/);
  });
});
