import { describe, expect, it } from 'vitest';
import { withoutLetterSpacing } from './pdf-read';

/** Widths as pdf.js reports them for a LaTeX listing at 10.9 pt (each glyph placed alone) and for ordinary text. */
describe('withoutLetterSpacing', () => {
  it('joins a listing word whose glyphs pdf.js spaced apart, when the run is too narrow to hold the spaces', () => {
    expect(withoutLetterSpacing('u i n t 8', 31.3, 10.9)).toBe('uint8');
    expect(withoutLetterSpacing('s [ 0 ] ;', 29.3, 10.9)).toBe('s[0];');
  });

  it('keeps real spaces, words, and spaced dots (an ellipsis as typeset)', () => {
    // Single letters with real spaces between them are about half an em each, spaces included.
    expect(withoutLetterSpacing('x y z', 24, 10)).toBe('x y z');
    expect(withoutLetterSpacing('a b c d', 30, 10)).toBe('a b c d');
    expect(withoutLetterSpacing('uint8 tmp', 40, 10.9)).toBe('uint8 tmp');
    expect(withoutLetterSpacing(', . . . ,', 12, 10)).toBe(', . . . ,');
  });
});
