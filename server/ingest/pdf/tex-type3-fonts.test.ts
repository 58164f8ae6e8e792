import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { readPdf } from './pdf-read';
import { NEGATION } from './tex-glyphs';
import { accentOver, matchType3Font, recogniseType3Font, texFontAdvances, type3Char, type Type3GlyphMetrics } from './tex-type3-fonts';

/** A font's glyph widths as a Type 3 font of pdfTeX gives them: pixels at 600 dpi for a 10 pt font, the font matrix one pixel in ems. */
function asBitmapFont(font: string, codes: number[], round = false): { used: Map<number, Type3GlyphMetrics>; matrix: number[] } {
  const widths = texFontAdvances(font);
  if (!widths) throw new Error(`no ${font}`);
  const pixelsPerEm = (10 / 72.27) * 600;
  const used = new Map<number, Type3GlyphMetrics>();
  for (const code of codes) {
    const px = (widths[code] / 10000) * pixelsPerEm;
    used.set(code, { width: round ? Math.round(px) : Math.round(px * 100) / 100 });
  }
  return { used, matrix: [1 / pixelsPerEm, 0, 0, 1 / pixelsPerEm, 0, 0] };
}

describe('TeX encodings of Type 3 fonts', () => {
  it('reads each code through the encoding of its font', () => {
    // CMSY: ≤ at 0x14, the negation slash at 0x36, ⊤ at 0x3E, ⟨ at 0x68.
    expect([0x14, 0x36, 0x3e, 0x68].map((c) => type3Char('oms', c))).toEqual(['≤', NEGATION, '⊤', '⟨']);
    // CMMI's α at 0x0B (a vertical tab to pdf.js); CMR's "fi" ligature, inverted "!", en dash; CMTI's "£".
    expect([type3Char('oml', 0x0b), type3Char('ot1', 0x0c), type3Char('ot1', 0x3c), type3Char('ot1', 0x7b)]).toEqual(['α', 'fi', '¡', '–']);
    expect([type3Char('ot1', 0x24), type3Char('ot1italic', 0x24), type3Char('ot1tt', 0x5c)]).toEqual(['$', '£', '\\']);
    // CMEX's text-size ∑ and ∫; MSAM's ⩽ and its ⇝ at 0x20 (a space to pdf.js); MSBM's ℝ.
    expect([
      type3Char('omx', 0x50),
      type3Char('omx', 0x52),
      type3Char('msam', 0x36),
      type3Char('msam', 0x20),
      type3Char('msbm', 0x52),
    ]).toEqual(['∑', '∫', '⩽', '⇝', 'ℝ']);
  });

  it('sets an OT1 accent over its letter, "ı" taking it as "i"', () => {
    expect(accentOver('e', type3Char('ot1', 0x13))).toBe('é');
    expect(accentOver('ı', type3Char('ot1', 0x13))).toBe('í');
    expect(accentOver('S', type3Char('ot1', 0x14))).toBe('Š');
    expect(accentOver('n', type3Char('ot1', 0x7e))).toBe('ñ');
    expect(accentOver('e', 'x')).toBeUndefined();
  });
});

describe('recogniseType3Font', () => {
  it("recognises TeX's fonts by their widths, as pdfTeX writes them and as whole pixels", () => {
    // "office", "fluffy": CMR10's letters; ≤ ≥ → ∈ ⟨ ⟩: CMSY10's; ∑ ∫ big and small: CMEX10's.
    const words = [...'oficeluy'].map((c) => c.charCodeAt(0));
    for (const round of [false, true]) {
      const text = asBitmapFont('cmr10', words, round);
      expect(recogniseType3Font(text.used, text.matrix)?.encoding).toBe('ot1');
      const symbols = asBitmapFont('cmsy10', [0x14, 0x15, 0x21, 0x32, 0x68, 0x69], round);
      expect(recogniseType3Font(symbols.used, symbols.matrix)).toEqual({ font: 'cmsy10', encoding: 'oms' });
      const big = asBitmapFont('cmex10', [0x50, 0x52, 0x58, 0x5a], round);
      expect(recogniseType3Font(big.used, big.matrix)).toEqual({ font: 'cmex10', encoding: 'omx' });
    }
  });

  it('recognises the whole-pixel widths of dvips bitmap fonts through Ghostscript (an identity font matrix), from five glyphs', () => {
    const pixels = (font: string, codes: number[], pixelsPerEm: number) => {
      const widths = texFontAdvances(font) ?? [];
      return new Map<number, Type3GlyphMetrics>(codes.map((c) => [c, { width: Math.round((widths[c] / 10000) * pixelsPerEm) }]));
    };
    // Letters, and the "fi" and "ff" ligatures at OT1's codes (T1 has accents there).
    const words = [...'officeluyhstpran'].map((c) => c.charCodeAt(0)).concat(0x0b, 0x0c);
    // cmr10 at 10 pt, 300 and 600 dpi; cmmi10 and cmsy10 at 600 dpi.
    for (const dpi of [300, 600])
      expect(recogniseType3Font(pixels('cmr10', words, (10 / 72.27) * dpi), [1, 0, 0, 1, 0, 0])?.encoding).toBe('ot1');
    const italic = [...'xyzabnijkAB'].map((c) => c.charCodeAt(0));
    expect(recogniseType3Font(pixels('cmmi10', italic, 83), [1, 0, 0, 1, 0, 0])?.encoding).toBe('oml');
    expect(recogniseType3Font(pixels('cmsy10', [0x00, 0x14, 0x15, 0x21, 0x32, 0x68, 0x69, 0x6a], 83), [1, 0, 0, 1, 0, 0])?.encoding).toBe(
      'oms',
    );
    // Four glyphs say too little without a scale.
    expect(recogniseType3Font(pixels('cmr10', words.slice(0, 4), 83), [1, 0, 0, 1, 0, 0])).toBeUndefined();
  });

  it('gives no font for widths no TeX font has, nor for a glyph whose width two encodings share and read apart', () => {
    const pixelsPerEm = (10 / 72.27) * 600;
    const odd = new Map<number, Type3GlyphMetrics>([65, 66, 67].map((c) => [c, { width: 0.3131 * pixelsPerEm }]));
    expect(recogniseType3Font(odd, [1 / pixelsPerEm, 0, 0, 1 / pixelsPerEm, 0, 0])).toBeUndefined();
    // CMSY8's ⊤ is as wide as CMMI8's ">": without the glyph's ink, no telling which.
    const top = asBitmapFont('cmsy8', [0x3e]);
    expect(recogniseType3Font(top.used, top.matrix)).toBeUndefined();
  });
});

describe('a LaTeX PDF all in Type 3 bitmap fonts (test-fixtures/pdf/latex/tex-type3-text.tex)', () => {
  it('reads words, ligatures, accents and symbols as printed; the page with a font it does not know is named and pictured', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/tex-type3-text.pdf'))), 'tex-type3-text.pdf');
    const text = doc.blocks.map((b) => b.text);
    expect(text).toContain(
      'The first office of the fluffy waffle shop affords a difficult view. The café was naïve, the señor from Škoda met Dvořák ' +
        'and a garçon in Ångström’s straße with æther and œuvre. “Quoted words” – and a dash — end here. ' +
        'An effective italic offer costs $5. The command print("hi") is typewriter text.',
    );
    expect(text).toContain(
      'The angles are α + β = γ and the resistance is Ω ohms. For two points a ≠ b we have x ≤ y and y ≥ z, with \\(A^{\\top}\\) the transpose. ' +
        'The inner product ⟨u, v⟩ and the sum \\(\\sum_{i}\\) \\(x_{i}\\) and the integral \\(\\int_{0}^{1}\\) f(t) dt. ' +
        'A point x ∈ A is mapped by f : A → B into ℝ, and P(X ⩽ x) holds. ■',
    );
    expect(text.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\uE000-\uF8FF]/);
    // Page 2's wasy10 glyphs have no reading: that page alone is named, and kept as a picture after its text.
    expect(doc.warnings).toEqual([
      'page 2: some symbols are set in fonts without a text mapping (bitmap or damaged fonts) and could not be read; formulas there may be incomplete, so the page is also kept as a picture after its text',
    ]);
    expect(text.join('\n')).toContain('The text around them is still read.');
    const pictures = doc.blocks.filter((b) => b.kind === 'figure');
    expect(pictures.map((b) => [b.page, b.text])).toEqual([
      [2, 'Page 2 as printed: some of its symbols are set in fonts without a text mapping and could not be read as text.'],
    ]);
  });
});

describe("a Type 3 font none of TeX's (test-fixtures/pdf/latex/type3-ornaments.tex)", () => {
  it('takes no TeX font for a glyph it matches only by the width of a character that font does not read', () => {
    // One symbol at "A" one em wide, as a worksheet's skull: CMEX7 has a delimiter piece of that width there, read as nothing.
    const pixelsPerEm = (10 / 72.27) * 600;
    const skull = new Map<number, Type3GlyphMetrics>([[65, { width: 1.0005 * pixelsPerEm }]]);
    expect(matchType3Font(skull, [1 / pixelsPerEm, 0, 0, 1 / pixelsPerEm, 0, 0])).toEqual({ unknown: true });
    // A match in doubt is not taken for an unknown font.
    const top = asBitmapFont('cmsy8', [0x3e]);
    expect(matchType3Font(top.used, top.matrix)).toEqual({ unknown: false });
  });

  it('never reads its glyphs as the letters of their codes: the page is named and kept as a picture after its text', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/type3-ornaments.pdf'))), 'type3-ornaments.pdf');
    const text = doc.blocks.map((b) => b.text).join('\n');
    expect(text).toContain('Worksheet 2: Pirates and Probabilities');
    expect(text).toContain('What is the probability that he gets three heads?');
    expect(text).not.toMatch(/\bA Pirates|Probabilities B\b/);
    expect(doc.warnings).toEqual([
      'page 1: some symbols are set in fonts without a text mapping (bitmap or damaged fonts) and could not be read; formulas there may be incomplete, so the page is also kept as a picture after its text',
    ]);
    expect(doc.blocks.filter((b) => b.kind === 'figure').map((b) => [b.page, b.text])).toEqual([
      [1, 'Page 1 as printed: some of its symbols are set in fonts without a text mapping and could not be read as text.'],
    ]);
  });
});

describe('a LaTeX PDF in EC fonts (T1) as Type 3 bitmap fonts (test-fixtures/pdf/latex/tex-type3-t1.tex)', () => {
  it('reads German and French letters, quotes and guillemets by their T1 codes', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/tex-type3-t1.pdf'))), 'tex-type3-t1.pdf');
    expect(doc.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Größe und Maße'],
      [
        'paragraph',
        'Die Straße führt über die Brücke; „Anführungszeichen“ stehen hier, und der Fluß heißt Öde. ' +
          'Le garçon a mangé une crème brûlée à l’hôtel, « où la fenêtre donne sur la forêt ». ' +
          'The office staff were baffled by the efficient flow of coffee — a difficult day – over. ' +
          'Æsop’s œuvre and naïve façades cost £5 at the café.',
      ],
    ]);
    expect(doc.warnings ?? []).toEqual([]);
  });
});

describe('runs of Type 3 TeX fonts', () => {
  it('are split by font and named after it: typewriter pieces are monospaced, math italic is mathematics', async () => {
    const { raw, doc } = await readPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/tex-type3-text.pdf'))));
    await doc.loadingTask.destroy();
    const items = raw.pages[0].items;
    const typewriter = items.find((i) => i.str === 'print("hi")');
    expect(typewriter?.mono).toBe(true);
    const words = items.find((i) => i.str.startsWith('The command'));
    expect([words?.str, words?.mono]).toEqual(['The command', false]);
    // "For two points a ≠ b we have": CMR's words, CMMI's "a" and "b", CMSY's slash over CMR's "=".
    const at = items.findIndex((i) => i.str === 'For two points');
    expect(items.slice(at, at + 5).map((i) => [i.str, i.math])).toEqual([
      ['For two points', 0],
      ['a', 1],
      ['≠', 1],
      ['b', 1],
      ['we have', 0],
    ]);
  });
});
