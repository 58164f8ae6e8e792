/**
 * What the two readers of a display's glyphs share (pdf-display-glyphs.ts reads LaTeX, pdf-display-alt.ts the alt text
 * of a picture): a glyph or run of glyphs where it stands, and the pieces big delimiters are built from.
 */

/** Glyphs read from a display: a run split at its spaces, where it stands on the page (PDF points, y up). */
export interface Atom {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  bigOp?: boolean;
  /** Letters set in a text font (upright words: "où", "det"). */
  upright?: boolean;
  /** A word in upright type set as a script ("opt" of ρ_opt): `\mathrm{opt}`. */
  name?: boolean;
  /** Letters of a text font's italic read as variables. */
  italic?: boolean;
  /** A glyph of TeX's extension font (a big delimiter), placed on its row by a guess (PdfItem.hangs): it joins the row nearest it. */
  hangs?: boolean;
}

/** A piece of an extensible delimiter: which delimiter, which side, which part of it. */
export interface Piece {
  ch: string;
  left: boolean;
  part: 'top' | 'middle' | 'bottom';
}

/** Pieces of extensible delimiters at their private-use codes (Adobe Symbol's, which Latin Modern Math's names map to). */
export const pieces: Record<number, Piece> = {
  0xf8eb: { ch: '(', left: true, part: 'top' },
  0xf8ec: { ch: '(', left: true, part: 'middle' },
  0xf8ed: { ch: '(', left: true, part: 'bottom' },
  0xf8ee: { ch: '[', left: true, part: 'top' },
  0xf8ef: { ch: '[', left: true, part: 'middle' },
  0xf8f0: { ch: '[', left: true, part: 'bottom' },
  0xf8f1: { ch: '{', left: true, part: 'top' },
  0xf8f2: { ch: '{', left: true, part: 'middle' },
  0xf8f3: { ch: '{', left: true, part: 'bottom' },
  0xf8f4: { ch: '{', left: true, part: 'middle' },
  0xf8f6: { ch: ')', left: false, part: 'top' },
  0xf8f7: { ch: ')', left: false, part: 'middle' },
  0xf8f8: { ch: ')', left: false, part: 'bottom' },
  0xf8f9: { ch: ']', left: false, part: 'top' },
  0xf8fa: { ch: ']', left: false, part: 'middle' },
  0xf8fb: { ch: ']', left: false, part: 'bottom' },
  0xf8fc: { ch: '}', left: false, part: 'top' },
  0xf8fd: { ch: '}', left: false, part: 'middle' },
  0xf8fe: { ch: '}', left: false, part: 'bottom' },
};
