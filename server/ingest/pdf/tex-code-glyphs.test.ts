import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { codeEncoding, readCodeGlyphs } from './tex-code-glyphs';

describe('readCodeGlyphs', () => {
  it('reads a character pdf.js gave as its code through the font encoding, and only those', () => {
    // CMSY's ∩ at code 0x5C, given as "\": read by its code; the same "\" from the named backslash (0x6E) stays.
    expect(readCodeGlyphs('\\', 'OFQERM+CMSY10', new Set(['\\']))).toBe('∩');
    expect(readCodeGlyphs('\\', 'LUUTRW+CMSY10', new Set())).toBe('\\');
    expect(readCodeGlyphs('\\', 'LUUTRW+CMSY10', undefined)).toBe('\\');
    // CMR's dot accent (0x5F) and circumflex (0x5E) are spacing accents; its dieresis joins the letter after it.
    expect(readCodeGlyphs('_', 'DSHOYQ+CMR10', new Set(['_']))).toBe('˙');
    expect(readCodeGlyphs('^', 'FCUMHT+CMR7', new Set(['^']))).toBe('ˆ');
    expect(readCodeGlyphs('\u007fUbergang', 'DSHOYQ+CMR10', new Set(['\u007f', 'U', 'b']))).toBe('Übergang');
    // CMR's "\" is its opening double quote, "{" its en dash.
    expect(readCodeGlyphs('\\Zitat" {', 'CMR12', new Set(['\\', '"', '{']))).toBe('“Zitat” –');
    // Characters the CMSY table already reads are left to it ("2" is ∈ there).
    expect(readCodeGlyphs('2', 'OFQERM+CMSY10', new Set(['2']))).toBe('2');
    // Other fonts are never read by code.
    expect(readCodeGlyphs('_', 'GBJXYO+SourceSansPro-Regular', new Set(['_']))).toBe('_');
  });

  it("knows a TeX font's encoding by its name, at any size, and cm-super's names", () => {
    expect(codeEncoding('ABCDEF+CMR10')).toBe('ot1');
    expect(codeEncoding('CMR11')).toBe('ot1');
    expect(codeEncoding('CMTI10')).toBe('ot1italic');
    expect(codeEncoding('XYZABC+SFRM1000')).toBe('t1');
    expect(codeEncoding('CMSY7')).toBe('oms');
    expect(codeEncoding('CMMI10')).toBeUndefined();
    expect(codeEncoding('Helvetica')).toBeUndefined();
  });
});

describe('TeX fonts whose ToUnicode maps have holes (test-fixtures/pdf/latex/code-glyphs.tex)', () => {
  it('reads ∩ ∪ ∧ ∨ ⊂ ⊃ ⊆ ∖ and the accents over letters in text and in math as they are printed', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/code-glyphs.pdf'))), 'code-glyphs.pdf');
    const text = doc.blocks.map((b) => b.text).join('\n');
    for (const expected of [
      'Für zwei Mengen gilt A ∩ B ⊆ A ∪ B und A ∖ B ⊂ A.',
      'p ∧ q und p ∨ q; ist A ⊂ B, so ist auch B ⊃ A. Der Übergang zur Zeitumkehr ist natürlich.',
      'Sei x ∈ \\(W_{S}\\)(\\(p_{1}\\)) ∩ \\(W_{S}\\)(\\(p_{2}\\)).',
      'Differentialgleichung ẋ(t) = f(t, x(t)) mit dem Mittelwert x̄, einem δ̂ > 0 und einer Näherung ũ der Lösung.',
    ])
      expect(text).toContain(expected);
    const display = doc.blocks.find((b) => b.kind === 'equation');
    expect(display?.text).toBe('W_{S}(p_{1}) ∩ W_{S}(p_{2}) = ∅.');
    const prose = doc.blocks.filter((b) => b.kind !== 'equation').map((b) => b.text.replace(/\\\(.*?\\\)/g, ''));
    expect(prose.join('\n')).not.toMatch(/[\\_^~\u007f\u0000-\u0009\u000b-\u001f]/);
  });
});

describe('f-ligatures pdf.js reads as white space by their codes (test-fixtures/pdf/latex/ligature-codes.tex)', () => {
  it('reads ff, fi and fl in a word, at its start, at its end and at the start of a line, and ffi, ffl, in CMR and CMTI', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/ligature-codes.pdf'))), 'ligature-codes.pdf');
    expect(doc.blocks.map((b) => b.text)).toEqual([
      'Das Modell ist eine gewöhnliche Differentialgleichung, deren Lösung wir finden wollen. Die Frage bleibt offen, ' +
        'ob das Verfahren effizient ist; der Fluss fließt flach ab, und der Griff ist trefflich. Eine Definition kommt ' +
        'zuerst, dann der Effekt.',
      'fließende Ströme, finale Zustände und eine auffällige Effizienz beschreiben die drei Fälle.',
    ]);
  });
});
