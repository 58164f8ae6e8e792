import { describe, expect, it } from 'vitest';
import { readTexGlyphs } from './tex-glyphs';

describe('readTexGlyphs: a CMMI whose glyphs pdf.js gives only as their codes', () => {
  it('reads its Greek, period, comma and slash by the math italic encoding', () => {
    // What pdf.js gives for the CMMI10 of a XeLaTeX Beamer deck: "H = 0:5", "p(d|H; I)", "(2 )^{n=2}", "N(0; )".
    expect(readTexGlyphs('0:5', 'WBPVAL+CMMI10')).toBe('0.5');
    expect(readTexGlyphs(';', 'WBPVAL+CMMI10')).toBe(',');
    expect(readTexGlyphs('n=2', 'WBPVAL+CMMI7')).toBe('n/2');
    expect(readTexGlyphs('\u0019\u001b', 'WBPVAL+CMMI10')).toBe('πσ');
    expect(readTexGlyphs('\u0016 \u0012 \u0015 \u0000 \u0006 \u000a', 'WBPVAL+CMMI10')).toBe('μ θ λ Γ Σ Ω');
    expect(readTexGlyphs('!"\'', 'WBPVAL+CMMI10')).toBe('ωεφ');
    expect(readTexGlyphs('@', 'WBPVAL+CMMI10')).toBe('∂');
  });

  it('leaves the letters and the period a named glyph gives, and other fonts, alone', () => {
    expect(readTexGlyphs('H.x', 'ABCDEF+CMMI10')).toBe('H.x');
    expect(readTexGlyphs('a < b > c', 'ABCDEF+CMMI10')).toBe('a < b > c');
    expect(readTexGlyphs('0:5; n=2', 'ABCDEF+CMR10')).toBe('0:5; n=2');
  });
});
