/**
 * TeX's math fonts read by their own encodings. pdf.js names a glyph of a Type 1 or Type 3 font
 * through the font's encoding and its glyph list; a name it does not know ("negationslash",
 * "latticetop", "lessorequalslant") comes out as the character code itself, so CMSY's negation
 * slash reads "6" ("x 6= y"), its ⊤ reads ">" and MSAM's ⩽ reads "6" ("P(X 6 x)"). A few names it
 * knows land on the wrong character (angle brackets on CJK brackets that show as boxes).
 *
 * Each table below is keyed by what pdf.js gives for a code of that encoding, the code's own
 * character where the glyph name is unknown to it, and holds the glyph TeX set (OMS for CMSY, OML
 * for CMMI, OMX for CMEX, the AMS "U" encodings for MSAM and MSBM; the codes are those of
 * amssymb.sty and of the fonts' built-in encodings). Only characters that no glyph of the same
 * font can legitimately give are keys: CMMI's "." is its period, never read as its ▷. Fonts with a
 * ToUnicode map give the right characters and never these keys, except where the map has a hole,
 * and then pdf.js falls back to the same code.
 */

/** CMSY's negation slash, set before a relation to negate it (\not=, \neq): the combining long solidus. */
export const NEGATION = '\u0338';
/** CMSY's maps-to piece, set before an arrow (\mapsto): a private character that never reaches the text alone. */
export const MAPSTO_PIECE = '\uE000';
/** CMMI's vector accent, set before the letter it stands over (\vec{v}): the letter gets the combining arrow ("v⃗"). */
export const VECTOR_PIECE = '\uE001';

/** A run of consecutive codes from `first`, one glyph a character ("·": no character of its own, left out). */
function byCode(first: number, glyphs: string): Record<string, string> {
  const out: Record<string, string> = {};
  [...glyphs].forEach((g, i) => {
    if (g !== '·') out[String.fromCharCode(first + i)] = g;
  });
  return out;
}

/** TeX math symbols (OMS): CMSY, CMBSY, Latin Modern's LMMathSymbols. */
const oms: Record<string, string> = {
  '\u0005': '⋄',
  '\u0009': '⊖',
  '\u000b': '⊘',
  '\u000c': '⊙',
  '©': '◯',
  '◦': '∘',
  '\u0010': '≍',
  '\u0016': '⪯',
  '\u0017': '⪰',
  '\u001c': '≪',
  '\u001d': '≫',
  '\u001f': '≻',
  "'": '≃',
  '3': '∋',
  '4': '△',
  '5': '▽',
  '6': NEGATION,
  '7': MAPSTO_PIECE,
  '<': 'ℜ',
  '=': 'ℑ',
  '>': '⊤',
  ']': '⊎',
  '`': '⊢',
  a: '⊣',
  b: '⌊',
  c: '⌋',
  d: '⌈',
  e: '⌉',
  '\u3008': '⟨',
  '\u3009': '⟩',
  l: '↕',
  m: '⇕',
  o: '≀',
  q: '⨿',
  t: '⊔',
  u: '⊓',
  v: '⊑',
  w: '⊒',
  '♦': '♢',
  '♥': '♡',
  // Some CFF conversions of CMSY (xdvipdfmx 2014, as old XeLaTeX notes embed it) leave pdf.js with
  // the code itself for most glyphs: "x 2 Ω" for x ∈ Ω, "f : Ω ! Ω", "jx yj" (the minus is code 0),
  // "fy 2 A j ...g" for a set. No CMSY glyph legitimately gives these characters (its braces, bar
  // and backslash are left: named glyphs give those); the calligraphic capitals are themselves.
  ...byCode(0x00, '−·×∗÷·±∓⊕·⊗··◯∘•·≡⊆⊇≤≥··∼≈⊂⊃··≺'),
  ...byCode(0x21, '→↑↓↔↗↘·⇐⇒⇑⇓···∝′∞∈'),
  '\u0001': '·',
  ...byCode(0x38, '∀∃¬∅'),
  '?': '⊥',
  '@': 'ℵ',
  '[': '∪',
  '^': '∧',
  _: '∨',
  ...byCode(0x66, '{}⟨⟩|‖'),
  n: '∖',
  p: '√',
  r: '∇',
  s: '∫',
  x: '§',
  y: '†',
  z: '‡',
  '~': '♡',
  '\u007f': '♠',
  // The same glyphs at the high codes old dvips setups use for codes 0-32.
  '¦': '⋄',
  ª: '⊖',
  '®': '⊘',
  '¯': '⊙',
  '³': '≍',
  '¹': '⪯',
  º: '⪰',
  '¿': '≪',
  À: '≫',
  Â: '≻',
};

/** TeX math italic (OML): CMMI, CMMIB, LMMathItalic. Its period, slash, "<" and ">" are themselves. */
const oml: Record<string, string> = {
  '\u000f': 'ϵ',
  $: 'ϖ',
  '%': 'ϱ',
  '?': '⋆',
  '[': '♭',
  '\\': '♮',
  ']': '♯',
  '^': '⌣',
  _: '⌢',
  '`': 'ℓ',
  '~': VECTOR_PIECE,
  '\u007f': '',
  '\uF6BE': 'ȷ',
  // A CMMI whose glyphs pdf.js gives only as their codes (XeLaTeX decks of the 2010s embed such CFF conversions): its
  // Greek comes as control codes and "!" to "'", its period, comma and slash as ":", ";" and "=" ("H = 0:5", "(2 )^{n=2}"
  // for H = 0.5, (2π)^{n/2}). CMMI has no colon, semicolon, equals sign, "@" or braces of its own to give those.
  ...byCode(0x00, 'ΓΔΘΛΞΠΣΥΦΨΩαβγδϵζηθικλμνξπρστυϕχψωεϑϖϱςφ'),
  ' ': ' ',
  ':': '.',
  ';': ',',
  '=': '/',
  '@': '∂',
  '{': 'ı',
  '|': 'ȷ',
  '}': '℘',
  // Old-style digits have Adobe private-use codes.
  ...Object.fromEntries([...'0123456789'].map((d, i) => [String.fromCharCode(0xf730 + i), d])),
};

/**
 * TeX math extension (OMX): CMEX, LMMathExtension. Big delimiters and operators; the pieces of
 * extensible brackets and braces (top, middle, extension, bottom at codes 0x30-0x43) as the private
 * characters of Adobe's Symbol font that pdf.js gives them by their glyph names ("parenlefttp" is
 * U+F8EB), which pdf-display-glyphs.ts stacks into one delimiter; the pieces of arrows and radicals
 * (no character of their own) are dropped. Codes whose own character is a delimiter another code
 * legitimately gives ("(", "[", "/", "{") are left.
 */
const omx: Record<string, string> = {
  ...byCode(0x00, '()[]⌊⌋⌈⌉{}⟨⟩|‖/\\()()[]⌊⌋⌈⌉{}⟨⟩/\\'),
  ...byCode(0x21, ')[]⌊⌋⌈⌉··⟨⟩/\\'),
  ...Object.fromEntries([...'0123456789:;<=>?@ABC'].map((c) => [c, ''])),
  // parenlefttp, parenrighttp, bracketlefttp ... bracerightmid, braceex; arrowvertex (0x3F) has none.
  ...byCode(0x30, '\uF8EB\uF8F6\uF8EE\uF8F9\uF8F0\uF8FB\uF8EF\uF8FA\uF8F1\uF8FC\uF8F3\uF8FE\uF8F2\uF8FD\uF8F4'),
  // parenleftbt, parenrightbt, parenleftex, parenrightex.
  ...byCode(0x40, '\uF8ED\uF8F8\uF8EC\uF8F7'),
  ...byCode(0x44, '⟨⟩⊔⊔∮∮⊙⊙⊕⊕⊗⊗∑∏∫⋃⋂⊎⋀⋁∑∏∫···⋀⋁∐∐'),
  ...Object.fromEntries([...'bcdefg'].map((c) => [c, ''])),
  ...byCode(0x68, '[]⌊⌋⌈⌉{}√√√√√'),
  u: '',
  v: '',
  w: '‖',
  x: '',
  y: '',
  z: '',
  '~': '',
  '\u007f': '',
  '\u2329': '⟨',
  '\u232a': '⟩',
  '\u3008': '⟨',
  '\u3009': '⟩',
  '︷': '',
  '︸': '',
};

/** AMS symbols A (msam): codes 0x00-0x7F, "·" where the glyph has no character of its own. */
const msam: Record<string, string> = {
  ...byCode(
    0x00,
    '⊡⊞⊠□■▪◊⧫↻↺⇌⇋⊟⊩⊪⊨↠↞⇇⇉⇈⇊↾⇂↿⇃↣↢⇆⇄↰↱⇝↭↫↬≗≿≳⪆⊸∴∵≑≜≾≲⪅⪕⪖⋞⋟≼≦⩽≶‵·≓≒≽≧⩾≷⊏⊐⊳⊲⊵⊴★≬▼▶◀→←△▲▽≖⋚⋛⪋⪌¥⇛⇚✓⊻⊼⩞∠∡∢∝⌣⌢⋐⋑⋓⋒⋏⋎⋋⋌⫅⫆≏≎⋘⋙⌜⌝®Ⓢ⋔∔∽⋍⌞⌟✠∁⊺⊚⊛⊝',
  ),
  // Names pdf.js knows but reads as a neighbouring symbol.
  '♦': '◊',
  '⇔': '⇇',
  '⇒': '⇉',
  '≪': '⋘',
  '≫': '⋙',
  ᵀ: '⊺',
};

/** Blackboard-bold capitals (ℝ, ℕ, 𝔽 ...), named "R", "N", "F" by their glyph names. */
const blackboard: Record<string, string> = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    ({ C: 'ℂ', H: 'ℍ', N: 'ℕ', P: 'ℙ', Q: 'ℚ', R: 'ℝ', Z: 'ℤ' } as Record<string, string>)[c] ?? String.fromCodePoint(0x1d538 + i),
  ]),
);

/** AMS symbols B (msbm): negated relations, blackboard-bold capitals, Hebrew letters. */
const msbm: Record<string, string> = {
  ...byCode(0x00, '≨≩≰≱≮≯⊀⊁≨≩≰≱⪇⪈⋠⋡⋨⋩⋦⋧≰≱⪵⪶⪹⪺⪉⪊≁≇╱╲⊊⊋⊈⊉⫋⫌⫋⫌⊊⊋⊈⊉∦∤∤∦⊬⊮⊭⊯⋭⋬⋪⋫↚↛⇍⇏⇎↮⋇∅∄'),
  ...blackboard,
  '`': 'Ⅎ',
  a: '⅁',
  f: '℧',
  h: '≂',
  i: 'ℶ',
  k: 'ℸ',
  l: '⋖',
  m: '⋗',
  n: '⋉',
  o: '⋊',
  p: '∣',
  q: '∥',
  r: '∖',
  u: '≊',
  v: '⪸',
  w: '⪷',
  x: '↶',
  y: '↷',
  z: 'ϝ',
  '\u007f': '϶',
};

/**
 * LaTeX's own symbol font (lasy), as latexsym.sty declares it: \lhd \unlhd \rhd \unrhd at 0x01-0x04, \mho \Join
 * \Box \Diamond at 0x30-0x33, \leadsto \sqsubset \sqsupset at 0x3B-0x3D. Its glyphs are named "a1" ... "a61", names
 * pdf.js does not know, so a proof's closing \Box read "2". The font has no digits or punctuation of its own.
 */
const lasy: Record<string, string> = {
  ...byCode(0x01, '⊲⊴⊳⊵'),
  ...byCode(0x30, '℧⋈□◇'),
  ...byCode(0x3b, '⇝⊏⊐'),
};

export type TexEncoding = 'oms' | 'oml' | 'omx' | 'msam' | 'msbm' | 'blackboard' | 'lasy';

const tables: Record<TexEncoding, Record<string, string>> = { oms, oml, omx, msam, msbm, blackboard, lasy };

const encodings = new Map<string, TexEncoding | undefined>();

/** The TeX encoding of a font by its PDF name (with or without the "ABCDEF+" subset tag). */
export function texEncoding(fontName: string): TexEncoding | undefined {
  if (encodings.has(fontName)) return encodings.get(fontName);
  const found = encodingOf(fontName.replace(/^[A-Z]{6}\+/, ''));
  // Pages repeat a handful of fonts: each name is judged once (the map stays as small as the fonts met).
  if (encodings.size < 5000) encodings.set(fontName, found);
  return found;
}

function encodingOf(bare: string): TexEncoding | undefined {
  if (/^(?:cmsy|cmbsy|lmsy|LMMathSymbols)/i.test(bare)) return 'oms';
  if (/^(?:cmmi|cmmib|lmmi|LMMathItalic)/i.test(bare)) return 'oml';
  if (/^(?:cmex|lmex|LMMathExtension)/i.test(bare)) return 'omx';
  if (/^msam/i.test(bare)) return 'msam';
  if (/^msbm/i.test(bare)) return 'msbm';
  if (/^lasyb?\d/i.test(bare)) return 'lasy';
  // dsfont's and bbm's double-struck faces (\mathds, \mathbbm).
  if (/^(?:dsrom|dsss|bbm|bbold)/i.test(bare)) return 'blackboard';
  // MathDesign's symbol font A holds \mathbb's capitals, named by their plain letters.
  if (/^MathDesign-.*-MathDesignSymbolA\b/i.test(bare)) return 'blackboard';
  // Its symbol and extension fonts follow CMSY's and CMEX's layouts, and its ToUnicode maps leave out the glyphs that
  // are drawn in pieces: the radical sign at CMSY's code of "p" came through as that letter.
  if (/^MathDesign-.*-Symbol-\d/i.test(bare)) return 'oms';
  if (/^MathDesign-.*-Extension-\d/i.test(bare)) return 'omx';
  return undefined;
}

/** The character one code of a TeX encoding's table stands for; undefined where the table has none. */
export function texTableChar(encoding: TexEncoding, code: string): string | undefined {
  return Object.hasOwn(tables[encoding], code) ? tables[encoding][code] : undefined;
}

/** A text run of a TeX math font with each glyph read by the font's encoding; other fonts' runs are returned as they are. */
export function readTexGlyphs(text: string, fontName: string): string {
  const encoding = texEncoding(fontName);
  if (!encoding) return text;
  const table = tables[encoding];
  let out = '';
  for (const ch of text) out += ch === ' ' ? ch : (table[ch] ?? ch);
  return combineTexPieces(out);
}

/** Relations and arrows with a negation slash over them, as their negated characters. */
const negated: Record<string, string> = {
  '=': '≠',
  '∈': '∉',
  '≤': '≰',
  '≥': '≱',
  '⩽': '≰',
  '⩾': '≱',
  '<': '≮',
  '>': '≯',
  '≡': '≢',
  '∼': '≁',
  '≈': '≉',
  '≃': '≄',
  '≅': '≇',
  '⊂': '⊄',
  '⊃': '⊅',
  '⊆': '⊈',
  '⊇': '⊉',
  '∃': '∄',
  '∋': '∌',
  '∣': '∤',
  '|': '∤',
  '∥': '∦',
  '‖': '∦',
  '≺': '⊀',
  '≻': '⊁',
  '⪯': '⋠',
  '⪰': '⋡',
  '⊑': '⋢',
  '⊒': '⋣',
  '≍': '≭',
  '→': '↛',
  '←': '↚',
  '↔': '↮',
  '⇒': '⇏',
  '⇐': '⇍',
  '⇔': '⇎',
  '⊢': '⊬',
  '⊨': '⊭',
};

/** The relation a negation slash stands over, negated; a relation with no negated character keeps the slash as a combining mark. */
export function negate(relation: string): string {
  return negated[relation] ?? `${relation}${NEGATION}`;
}

/**
 * Inside one run: a negation slash before (or after) its relation becomes the negated relation,
 * the maps-to piece before an arrow becomes "↦"; a piece with nothing to join is dropped.
 */
export function combineTexPieces(text: string): string {
  if (!text.includes(NEGATION) && !text.includes(MAPSTO_PIECE) && !text.includes(VECTOR_PIECE)) return text;
  return text
    .replace(new RegExp(`${VECTOR_PIECE}\\s?(\\S)`, 'gu'), '$1\u20D7')
    .replace(new RegExp(`${NEGATION}\\s?([^\\s${NEGATION}])`, 'gu'), (_, rel: string) =>
      negated[rel] ? negated[rel] : `${rel}${NEGATION}`,
    )
    .replace(new RegExp(`${MAPSTO_PIECE}\\s?−→`, 'gu'), '⟼')
    .replace(new RegExp(`${MAPSTO_PIECE}\\s?→`, 'gu'), '↦');
}

/** Whether a run ends with a piece that joins the next glyph: a negation slash or the maps-to piece. */
export function endsWithPiece(text: string): boolean {
  return text.endsWith(NEGATION) || text.endsWith(MAPSTO_PIECE) || text.endsWith(VECTOR_PIECE);
}

/**
 * Joins a run ending with a piece (or with the math italic "/" TeX overlays on ∈ for \notin) to
 * the run whose first glyph it stands over. Returns both texts after the join, or undefined when
 * the two do not combine.
 */
export function joinPieceRuns(before: string, after: string, overlaps: boolean): { before: string; after: string } | undefined {
  const first = [...after][0];
  if (!first) return undefined;
  const rest = after.slice(first.length);
  if (before.endsWith(NEGATION) && negated[first]) return { before: before.slice(0, -1), after: negated[first] + rest };
  if (before.endsWith(VECTOR_PIECE)) return { before: before.slice(0, -1), after: `${first}\u20D7${rest}` };
  if (before.endsWith(MAPSTO_PIECE) && first === '→') return { before: before.slice(0, -1), after: `↦${rest}` };
  // \longmapsto: the piece, a bar and the arrow.
  if (before.endsWith(MAPSTO_PIECE) && after.startsWith('−→')) return { before: before.slice(0, -1), after: `⟼${after.slice(2)}` };
  if (overlaps && before.endsWith('/') && (first === '∈' || first === '='))
    return { before: before.slice(0, -1), after: negated[first] + rest };
  return undefined;
}
