/**
 * Type 3 bitmap fonts of TeX documents: pdfTeX embeds a METAFONT font it has no Type 1 map entry
 * for as a Type 3 font of PK bitmaps, and so do PDFs made from dvips output. Such a font has no
 * name ("F33"), its glyphs are named by their codes ("/a61"), and pdf.js reads each glyph as its
 * code: CMSY's ≤ (code 0x14) is a control character, its ≠ slash a "6", CMR's "fi" ligature a
 * control character. The font is recognised by its glyphs' advance widths, which are TeX's own
 * (tex-font-widths.ts, from the TFM files), and each code is then read through the encoding of
 * that font (OT1 text, OML math italic, OMS symbols, OMX extension, the AMS fonts).
 */
import { texFontWidths } from './tex-font-widths';
import { combineTexPieces, MAPSTO_PIECE, NEGATION, texTableChar, VECTOR_PIECE } from './tex-glyphs';

export type Type3Encoding = 'ot1' | 'ot1italic' | 'ot1tt' | 't1' | 'oml' | 'oms' | 'omx' | 'msam' | 'msbm';

/** A recognised Type 3 font: the TeX font its widths match best, and the encoding its codes follow. */
export interface TexType3Font {
  font: string;
  encoding: Type3Encoding;
}

/** Text accents, set before the letter they stand over: private marks until joined to it (see `joinAccents`). */
const ACCENTS = '\uE010\uE011\uE012\uE013\uE014\uE015\uE016\uE017\uE018\uE019\uE01A\uE01B';
/** Each accent mark's combining character, and the spacing accent when it stands alone. */
const accentCombining = [
  '\u0300',
  '\u0301',
  '\u030C',
  '\u0306',
  '\u0304',
  '\u030A',
  '\u0327',
  '\u0302',
  '\u0307',
  '\u030B',
  '\u0303',
  '\u0308',
];
const accentSpacing = ['`', '´', 'ˇ', '˘', '¯', '˚', '¸', 'ˆ', '˙', '˝', '˜', '¨'];
const [grave, acute, caron, breve, macron, ring, cedilla, circumflex, dot, hungarumlaut, tilde, dieresis] = [...ACCENTS];

/** Codes 0-127 (T1: 0-255), one entry per code ("" where the glyph has no character of its own). */
function codes(...entries: string[]): string[] {
  if (entries.length !== 128 && entries.length !== 256) throw new Error(`an encoding has ${entries.length} codes`);
  return entries;
}

const ascii = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const greekCapitals = [...'ΓΔΘΛΞΠΣΥΦΨΩ'];

/** TeX's text fonts (OT1): CMR, CMBX, CMSL, CMSS, CMCSC ... */
const ot1 = codes(
  ...greekCapitals,
  ...['ff', 'fi', 'fl', 'ffi', 'ffl', 'ı', 'ȷ', grave, acute, caron, breve, macron, ring, cedilla, 'ß', 'æ', 'œ', 'ø', 'Æ', 'Œ', 'Ø'],
  // 0x20 is the slash of "ł", set over an "l".
  ...['', '!', '”', ...ascii(0x23, 0x26), '’', ...ascii(0x28, 0x3b), '¡', '=', '¿', ...ascii(0x3f, 0x5b), '“', ']', circumflex, dot, '‘'],
  ...ascii(0x61, 0x7a),
  ...['–', '—', hungarumlaut, tilde, dieresis],
);

/** The italic text fonts (CMTI, CMBXTI): OT1 with "£" where the others have "$". */
const ot1italic = ot1.map((c, code) => (code === 0x24 ? '£' : c));

/** The typewriter fonts (CMTT, CMSLTT, CMITT): ASCII at its own codes, a visible space at 0x20. */
const ot1tt = codes(
  ...greekCapitals,
  ...['↑', '↓', "'", '¡', '¿', 'ı', 'ȷ', grave, acute, caron, breve, macron, ring, cedilla, 'ß', 'æ', 'œ', 'ø', 'Æ', 'Œ', 'Ø'],
  '␣',
  ...ascii(0x21, 0x7e),
  dieresis,
);

/**
 * TeX's 8-bit text fonts (T1, "Cork"): EC's ecrm, ecbx, ecti ... Accented letters have codes of
 * their own; the accents at 0x00-0x0C are set over letters that have none.
 */
const t1 = codes(
  ...[grave, acute, circumflex, tilde, dieresis, hungarumlaut, ring, caron, breve, macron, dot, cedilla, '˛'],
  ...['‚', '‹', '›', '“', '”', '„', '«', '»', '–', '—', '', '', 'ı', 'ȷ', 'ff', 'fi', 'fl', 'ffi', 'ffl', '␣'],
  ...ascii(0x21, 0x26),
  '’',
  ...ascii(0x28, 0x5f),
  '‘',
  ...ascii(0x61, 0x7e),
  '-',
  ...'ĂĄĆČĎĚĘĞĹĽŁŃŇŊŐŔŘŚŠŞŤŢŰŮŸŹŽŻĲİđ§',
  ...'ăąćčďěęğĺľłńňŋőŕřśšşťţűůÿźžżĳ¡¿£',
  ...ascii(0xc0, 0xd6),
  'Œ',
  ...ascii(0xd8, 0xde),
  'SS',
  ...ascii(0xe0, 0xf6),
  'œ',
  ...ascii(0xf8, 0xfe),
  'ß',
);

/** TeX math italic (OML): CMMI, CMMIB. */
const oml = codes(
  ...greekCapitals,
  ...'αβγδϵζηθικλμνξπρστυϕχψωεϑϖϱςφ',
  // Harpoons, the two hooks of \hookrightarrow and \hookleftarrow (set beside an arrow), triangles.
  ...['↼', '↽', '⇀', '⇁', '', '', '▹', '◃'],
  ...ascii(0x30, 0x39),
  ...['.', ',', '<', '/', '>', '⋆', '∂'],
  ...ascii(0x41, 0x5a),
  ...['♭', '♮', '♯', '⌣', '⌢', 'ℓ'],
  ...ascii(0x61, 0x7a),
  ...['ı', 'ȷ', '℘', VECTOR_PIECE, ''],
);

/** TeX math symbols (OMS): CMSY, CMBSY. Its calligraphic capitals read as capitals. */
const oms = codes(
  ...'−⋅×∗÷⋄±∓⊕⊖⊗⊘⊙◯∘∙≍≡⊆⊇≤≥⪯⪰∼≈⊂⊃≪≫≺≻←→↑↓↔↗↘≃⇐⇒⇑⇓⇔↖↙∝′∞∈∋△▽',
  NEGATION,
  MAPSTO_PIECE,
  ...'∀∃¬∅ℜℑ⊤⊥ℵ',
  ...ascii(0x41, 0x5a),
  ...'∪∩⊎∧∨⊢⊣⌊⌋⌈⌉{}⟨⟩|‖↕⇕\\≀√⨿∇∫⊔⊓⊑⊒§†‡¶♣♢♡♠',
);

/** TeX math extension (OMX): CMEX. Big delimiters and operators; the pieces of extensible ones have no character. */
const omx = codes(
  ...'()[]⌊⌋⌈⌉{}⟨⟩|‖/\\()()[]⌊⌋⌈⌉{}⟨⟩/\\()[]⌊⌋⌈⌉{}⟨⟩/\\/\\',
  ...Array<string>(20).fill(''),
  ...'⟨⟩⊔⊔∮∮⊙⊙⊕⊕⊗⊗∑∏∫⋃⋂⊎⋀⋁∑∏∫⋃⋂⊎⋀⋁∐∐',
  ...Array<string>(6).fill(''),
  ...'[]⌊⌋⌈⌉{}√√√√√',
  ...['', '', '‖', '', '', '', '', '', '', '', ''],
);

const tables: Partial<Record<Type3Encoding, string[]>> = { ot1, ot1italic, ot1tt, t1, oml, oms, omx };

/** The character a code of a recognised font stands for (the AMS fonts through their tables in tex-glyphs.ts). */
export function type3Char(encoding: Type3Encoding, code: number): string {
  if (encoding === 'msam' || encoding === 'msbm') return (code < 128 && texTableChar(encoding, String.fromCharCode(code))) || '';
  return tables[encoding]?.[code] ?? '';
}

/**
 * A letter with a text accent mark (one of OT1's accents as `type3Char` reads them) over or under
 * it: "é" for "e" and the acute; "ı" takes the accent as "i". Undefined when `mark` is not an
 * accent (with an empty letter: whether it is one).
 */
export function accentOver(letter: string, mark: string): string | undefined {
  const at = ACCENTS.indexOf(mark);
  if (at < 0 || mark.length !== 1) return undefined;
  const base = letter === 'ı' ? 'i' : letter === 'ȷ' ? 'j' : letter;
  return (base + accentCombining[at]).normalize('NFC');
}

/**
 * A run of codes read: accents joined to their letters, negation slashes to their relations.
 * Text accents of OT1 come before the letter (TeX's \accent), with a space between where pdf.js saw a gap.
 */
export function joinAccents(text: string): string {
  if (!/[\uE010-\uE01B]/u.test(text)) return combineTexPieces(text);
  const joined = text
    .replace(/([\uE010-\uE01B])\s?([\p{L}])/gu, (_, mark: string, letter: string) => {
      const base = letter === 'ı' ? 'i' : letter === 'ȷ' ? 'j' : letter;
      return (base + accentCombining[ACCENTS.indexOf(mark)]).normalize('NFC');
    })
    // A cedilla TeX set under the letter before it.
    .replace(new RegExp(`([\\p{L}])${cedilla}`, 'gu'), (_, letter: string) => `${letter}\u0327`.normalize('NFC'))
    .replace(/[\uE010-\uE01B]/gu, (mark) => accentSpacing[ACCENTS.indexOf(mark)]);
  return combineTexPieces(joined);
}

type Row = { font: string; encoding: Type3Encoding; widths: number[]; boxes: string };
let rows: Row[] | undefined;

function fontRows(): Row[] {
  rows ??= texFontWidths.map(([font, encoding, widths, boxes]) => ({
    font,
    encoding: encoding as Type3Encoding,
    widths: Array.from({ length: widths.length / 3 }, (_, i) => widths.slice(3 * i, 3 * i + 3)).map((w) =>
      w === '...' ? -1 : parseInt(w, 36),
    ),
    boxes,
  }));
  return rows;
}

/** cm-super's Type 1 names of the EC fonts ("SFRM1000" is ecrm1000). */
const cmSuper: Record<string, string> = {
  sfrm: 'ecrm',
  sfbx: 'ecbx',
  sfti: 'ecti',
  sftt: 'ectt',
  sfsl: 'ecsl',
  sfcc: 'eccc',
  sfss: 'ecss',
};

/**
 * The encoding of a TeX font by its name ("cmr10", "CMSY7", "SFRM1000"); a size the table lacks ("cmr11") takes that of
 * the same face at another size. Undefined for any other font.
 */
export function texFontEncoding(name: string): Type3Encoding | undefined {
  const m = /^([a-z]+)(\d+)$/i.exec(name);
  if (!m) return undefined;
  const face = m[1].toLowerCase();
  const bare = cmSuper[face] ?? face;
  const rows = fontRows();
  const row = rows.find((r) => r.font === `${bare}${m[2]}`) ?? rows.find((r) => r.font.replace(/\d+$/, '') === bare);
  return row?.encoding;
}

/** A TeX font's advance widths by code, in ten-thousandths of an em (-1 where it has no character). */
export function texFontAdvances(font: string): number[] | undefined {
  return fontRows().find((row) => row.font === font)?.widths;
}

/** A height or depth of the table (hundredths of an em, to 0.86), in ten-thousandths of an em. */
const boxValue = (boxes: string, at: number) => (boxes.charCodeAt(at) - 0x28) * 100;

/** A glyph of a Type 3 font as its PDF describes it: the advance width and the bitmap's box [llx, lly, urx, ury], in glyph space. */
export interface Type3GlyphMetrics {
  width: number;
  bounds?: readonly number[];
}

/** How far (ten-thousandths of an em) a row's metrics are from a glyph's; -1 when out of tolerance. */
function distance(row: Row, code: number, glyph: Type3GlyphMetrics, scale: number, tolerance: number): number {
  const expected = row.widths[code] ?? -1;
  const off = Math.abs(glyph.width * scale * 10000 - expected);
  if (expected < 0 || off > tolerance) return -1;
  const box = glyph.bounds;
  if (!box || box.length < 4 || box[3] <= box[1] || !row.boxes) return off;
  // How closely the bitmap's ink fills the box TeX gives the character tells apart glyphs of one
  // width (■ from ≮, ⊤ from >); only as a measure, since some boxes are not the ink (CMSY's arrows are lower).
  const ink = (v: number) => Math.min(8600, Math.max(0, v * scale * 10000));
  const height = Math.abs(ink(box[3]) - boxValue(row.boxes, 2 * code));
  const depth = Math.abs(ink(-box[1]) - boxValue(row.boxes, 2 * code + 1));
  return off + (height + depth) / 20;
}

/**
 * Recognises a Type 3 font by the metrics of the codes it uses: each code's advance width in ems
 * (glyph-space units times the font matrix, give or take 1.5% when three codes or more are used;
 * fitted freely when the glyph space is device pixels), within a pixel of the bitmap (dvips rounds
 * advances to whole pixels), and how closely each bitmap fills the character's box. Of the fonts
 * that match, the closest is taken when all of them read the codes used alike, or when it is
 * clearly closer than any that reads them otherwise. Undefined when nothing matches (the font is
 * not one of TeX's) or the match is in doubt.
 */
export function recogniseType3Font(used: ReadonlyMap<number, Type3GlyphMetrics>, fontMatrix: readonly number[]): TexType3Font | undefined {
  return matchType3Font(used, fontMatrix).font;
}

/**
 * The TeX font a Type 3 font is (`recogniseType3Font`), and whether it is none of TeX's: `unknown` when no TeX font has
 * its codes' widths, or those that have them read none of its codes (a symbol set at "A" matched by a big delimiter
 * piece of CMEX by its width alone), as against a match in doubt between fonts that read its codes apart.
 */
export function matchType3Font(
  used: ReadonlyMap<number, Type3GlyphMetrics>,
  fontMatrix: readonly number[],
): { font?: TexType3Font; unknown: boolean } {
  const scale = Math.abs(fontMatrix[0] ?? 0);
  if (!(scale > 0) || used.size === 0 || Math.abs(fontMatrix[1] ?? 0) > 1e-9) return { unknown: false };
  // Glyphs wider than three ems are in device pixels (dvips' bitmap fonts through Ghostscript keep
  // an identity font matrix and whole-pixel advances): the ems to a pixel are fitted freely, from
  // five glyphs or more.
  const advances = [...used.values()].map((g) => g.width * scale).filter((w) => w > 0);
  const pixels = advances.length > 0 && advances.sort((x, y) => x - y)[advances.length >> 1] > 3;
  if (pixels && advances.length < 5) return { unknown: false };
  const matches: Array<{ row: Row; error: number }> = [];
  for (const row of fontRows()) {
    // The font matrix is written with three digits, and some producers size the font in big points:
    // with three codes or more the scale is fitted within 1.5%, what it is off counting against the
    // font (fewer say too little to fit a scale by).
    let [eo, oo] = [0, 0];
    for (const [code, glyph] of used) {
      const e = row.widths[code] ?? -1;
      const o = glyph.width * scale * 10000;
      if (e < 0) oo = -1;
      if (oo < 0) break;
      [eo, oo] = [eo + e * o, oo + o * o];
    }
    if (oo < 0) continue;
    const fit = pixels ? eo / oo : oo > 0 && used.size >= 3 ? Math.min(1.015, Math.max(0.985, eo / oo)) : 1;
    if (!(fit > 0)) continue;
    // Tolerance in ten-thousandths of an em: rounding of the PDF's widths, or a whole-pixel advance.
    const tolerance = Math.max(15, Math.min(pixels ? 300 : 150, 6000 * scale * fit));
    let error = 0;
    for (const [code, glyph] of used) {
      const off = distance(row, code, glyph, scale * fit, tolerance);
      if (off < 0) {
        error = -1;
        break;
      }
      error += off;
    }
    // A font that has none of the codes as a character it reads is no reading of them.
    const readsAny = [...used.keys()].some((code) => type3Char(row.encoding, code) !== '');
    if (error >= 0 && readsAny) matches.push({ row, error: error / used.size + (pixels ? 0 : Math.abs(fit - 1) * 2000) });
  }
  if (matches.length === 0) return { unknown: true };
  matches.sort((a, b) => a.error - b.error);
  const best = matches[0].row;
  const reading = (row: Row) => [...used.keys()].map((code) => type3Char(row.encoding, code)).join('\u0000');
  const bestReading = reading(best);
  const rival = matches.find((m) => m.row.encoding !== best.encoding && reading(m.row) !== bestReading);
  if (rival && rival.error < 1.5 * matches[0].error + 5) return { unknown: false };
  return { font: { font: best.font, encoding: best.encoding }, unknown: false };
}
