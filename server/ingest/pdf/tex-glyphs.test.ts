import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { combineTexPieces, joinPieceRuns, MAPSTO_PIECE, NEGATION, readTexGlyphs, texEncoding } from './tex-glyphs';

describe('readTexGlyphs', () => {
  it('reads the glyphs pdf.js cannot name by the TeX font encoding of the run', () => {
    // What pdf.js gives for CMSY codes 0x36 (negationslash), 0x3E (latticetop), 0x68/0x69 (angle brackets).
    expect(readTexGlyphs('>', 'ERCXOI+CMSY7')).toBe('⊤');
    expect(readTexGlyphs('\u3008', 'LUUTRW+CMSY10')).toBe('⟨');
    expect(readTexGlyphs('\u3009', 'LUUTRW+CMSY10')).toBe('⟩');
    // A lower-case letter in CMSY is a symbol (0x61 turnstileright).
    expect(readTexGlyphs('a', 'LUUTRW+CMSY10')).toBe('⊣');
    expect(readTexGlyphs('6', 'LUUTRW+CMSY10')).toBe(NEGATION);
    expect(readTexGlyphs('6≡', 'LUUTRW+CMSY10')).toBe('≢');
    // MSAM 0x36 leqslant, 0x3E geqslant, 0x04 blacksquare; MSBM's R is blackboard bold.
    expect(readTexGlyphs('6', 'VMZBMA+MSAM10')).toBe('⩽');
    expect(readTexGlyphs('>', 'VMZBMA+MSAM10')).toBe('⩾');
    expect(readTexGlyphs('\u0004', 'MSAM10')).toBe('■');
    expect(readTexGlyphs('R', 'QDTWCG+MSBM10')).toBe('ℝ');
    // MathDesign (Charter, Utopia, Garamond math) sets \mathbb's capitals in its symbol font A, named by their letters;
    // that font's other glyphs (its black square) pdf.js names right.
    expect(readTexGlyphs('N', 'XXBERG+MathDesign-CH-Regular-MathDesignSymbolA-10')).toBe('ℕ');
    expect(readTexGlyphs('Z', 'MathDesign-UT-Regular-MathDesignSymbolA-10')).toBe('ℤ');
    expect(readTexGlyphs('\u25a0', 'XXBERG+MathDesign-CH-Regular-MathDesignSymbolA-10')).toBe('\u25a0');
    expect(readTexGlyphs('N', 'FRCQUB+MathDesign-CH-Regular-OT1-10')).toBe('N');
    // Its symbol and extension fonts have CMSY's and CMEX's layouts; their ToUnicode maps leave the radical out, which
    // pdf.js then gives as the code's letter ("x = +1/p2"). Glyphs the map names come through as themselves.
    expect(readTexGlyphs('p', 'PMPPLV+MathDesign-CH-Regular-Symbol-10')).toBe('√');
    expect(readTexGlyphs('∪|', 'PMPPLV+MathDesign-CH-Regular-Symbol-10')).toBe('∪|');
    expect(readTexGlyphs('q', 'XECAQZ+MathDesign-CH-Regular-Extension-10')).toBe('√');
    // CMEX's big operators at their codes (a ToUnicode map with holes), its bracket pieces as the private characters
    // pdf.js gives them by their glyph names (parenlefttp, parenleftex, parenleftbt; bracelefttp, braceleftmid), the
    // radical's dropped.
    expect(readTexGlyphs('P', 'WINAPF+CMEX10')).toBe('∑');
    expect(readTexGlyphs('\u0010\u0011', 'WINAPF+CMEX10')).toBe('()');
    expect(readTexGlyphs('0B@', 'WINAPF+CMEX10')).toBe('\uF8EB\uF8EC\uF8ED');
    expect(readTexGlyphs('8<', 'WINAPF+CMEX10')).toBe('\uF8F1\uF8F2');
    expect(readTexGlyphs('u', 'WINAPF+CMEX10')).toBe('');
    expect(readTexGlyphs('\uF8EB', 'LMMathExtension10-Regular')).toBe('\uF8EB');
    // Latin Modern's math italic: "`" is its ℓ.
    expect(readTexGlyphs('`', 'ABCDEF+LMMathItalic10-Regular')).toBe('ℓ');
  });

  it('reads a CMSY whose glyphs pdf.js gives only as their codes (old xdvipdfmx conversions)', () => {
    // What pdf.js gives for such a CMSY10: x ∈ Ω, f : Ω → Ω, |x − y| (the minus is code 0), a set in braces.
    expect(readTexGlyphs('2', 'OFQERM+CMSY10')).toBe('∈');
    expect(readTexGlyphs('!', 'OFQERM+CMSY10')).toBe('→');
    expect(readTexGlyphs('j\u0000j', 'OFQERM+CMSY10')).toBe('|−|');
    expect(readTexGlyphs('f j g', 'OFQERM+CMSY10')).toBe('{ | }');
    expect(readTexGlyphs('\u0012\u001a\u0019\u0001', 'OFQERM+CMSY10')).toBe('⊆⊂≈·');
    expect(readTexGlyphs(')', 'OFQERM+CMSY10')).toBe('⇒');
    // CMSY7's "→∞" under a limit.
    expect(readTexGlyphs('!1', 'VFSKTN+CMSY7')).toBe('→∞');
    // Its calligraphic capitals are themselves; the same codes in a text font are text.
    expect(readTexGlyphs('A', 'OFQERM+CMSY10')).toBe('A');
    expect(readTexGlyphs('x 2 f j g!', 'GBJXYO+SourceSansPro-Regular')).toBe('x 2 f j g!');
  });

  it('leaves what a glyph of the same font legitimately gives, and other fonts, alone', () => {
    // CMMI's own period, slash and greater-than; CMSY's braces and bar; text fonts.
    expect(readTexGlyphs('x.', 'GQIDQW+CMMI10')).toBe('x.');
    expect(readTexGlyphs('a/b', 'GQIDQW+CMMI10')).toBe('a/b');
    expect(readTexGlyphs('>', 'GQIDQW+CMMI10')).toBe('>');
    expect(readTexGlyphs('{|}', 'LUUTRW+CMSY10')).toBe('{|}');
    // Its named backslash (\\setminus) and punctuation stay.
    expect(readTexGlyphs('\\', 'LUUTRW+CMSY10')).toBe('\\');
    expect(readTexGlyphs('-,.', 'LUUTRW+CMSY10')).toBe('-,.');
    expect(readTexGlyphs('P(X 6 x) > 3', 'KODTQM+CharterBT-Roman')).toBe('P(X 6 x) > 3');
    expect(texEncoding('Times-Roman')).toBeUndefined();
  });

  it('joins a negation slash or the maps-to piece to the glyph it stands over', () => {
    expect(combineTexPieces(`x ${NEGATION}= y`)).toBe('x ≠ y');
    expect(combineTexPieces(`${MAPSTO_PIECE}→`)).toBe('↦');
    expect(combineTexPieces(`${MAPSTO_PIECE}−→`)).toBe('⟼');
    expect(joinPieceRuns(`${NEGATION}`, '=', false)).toEqual({ before: '', after: '≠' });
    expect(joinPieceRuns(`x ${NEGATION}`, '∈ A', false)).toEqual({ before: 'x ', after: '∉ A' });
    expect(joinPieceRuns(MAPSTO_PIECE, '→', false)).toEqual({ before: '', after: '↦' });
    // \notin: math italic's slash overlaid on ∈ (only when the two overlap).
    expect(joinPieceRuns('x /', '∈', true)).toEqual({ before: 'x ', after: '∉' });
    expect(joinPieceRuns('x /', '∈', false)).toBeUndefined();
    expect(joinPieceRuns('x', 'y', true)).toBeUndefined();
  });
});

describe('TeX math fonts in a LaTeX PDF (test-fixtures/pdf/latex/tex-math-glyphs.tex)', () => {
  // Built four ways: pdflatex without ToUnicode maps (as most real files), with them, lualatex, and
  // pdflatex with every font a Type 3 bitmap font (read by tex-type3-fonts.ts).
  const builds = ['tex-math-glyphs.pdf', 'tex-math-glyphs-tounicode.pdf', 'tex-math-glyphs-lualatex.pdf', 'tex-math-glyphs-type3.pdf'];

  it.each(builds)('%s: every symbol comes out as itself, inline', async (name) => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
    const text = doc.blocks.map((b) => b.text).join('\n');
    for (const expected of [
      'in general AB ≠ BA, and for two different points x ≠ y.',
      'F(x) = P(X ≤ x), also written P(X ⩽ x), and its complement is P(X ≥ x) or P(X ⩾ x).',
      'The transpose of a matrix is \\(A^{\\top}\\)',
      'The inner product ⟨a, b⟩ is linear',
      'can therefore write \\(\\sum_{j}\\) \\(N_{j}\\) = N, and the area is \\(\\int_{0}^{1}\\) f(x) dx.',
      'A point x ∈ A that is not in the other set, x ∉ B, is mapped by f : A → B as x ↦ \\(x^{2}\\).',
      'A weight matrix lies in \\(\\mathbb{R}^{m\\times n}\\).',
      'The proof ends here. ■',
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/6=| 6 |[\u0000-\u0009\u000b-\u001f\uE000-\uF8FF\u3008\u3009\uFFFD]/);
  });

  it.each(builds)('%s: the display and the three-line derivation are one equation each, read right in their alt text', async (name) => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
    const equations = doc.blocks.filter((b) => b.kind === 'equation');
    expect(equations).toHaveLength(2);
    // The limits set above and below ∑ and beside ∫ are written on them.
    expect(equations[0].text).toBe('∑_{i=1}^{n} x_{i} ≠ ∫_{0}^{1} g(t) dt.');
    expect(equations[1].text).toContain('⟨u, v⟩ = ∑_{k=1}^{n} u_{k}v_{k}');
    // Each row of the derivation on its own, its exponents "^{1/2}" on their brackets.
    expect(equations[1].text).toContain('≤ (∑_{k=1}^{n} u_{k}^{2})^{1/2}(∑_{k=1}^{n} v_{k}^{2})^{1/2}');
    // CMSY's bardbl is ‖ by its glyph name, ∥ by pdfTeX's glyphtounicode map.
    expect(equations[1].text).toMatch(/= ([‖∥])u\1 \1v\1\.$/);
    // Nothing of the derivation is left between its lines as text.
    const after = doc.blocks[doc.blocks.indexOf(equations[1]) + 1];
    expect(after.text).toBe('After the derivation the text goes on with one more sentence of prose.');
  });

  it('tex-math-glyphs-type3.pdf (bitmap Type 3 fonts, named only "F33"): reads exactly as the Type 1 build, with no warning and no page picture', async () => {
    const read = async (name: string) => extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
    const [type1, type3] = await Promise.all([read('tex-math-glyphs.pdf'), read('tex-math-glyphs-type3.pdf')]);
    expect(type3.blocks.map((b) => [b.kind, b.text])).toEqual(type1.blocks.map((b) => [b.kind, b.text]));
    expect(type3.warnings ?? []).toEqual([]);
  });
});
