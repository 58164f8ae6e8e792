/**
 * TeX fonts whose glyphs pdf.js gives only as their codes. Where a font's ToUnicode map has holes (xdvipdfmx 2014 wrote
 * maps of two to four entries for CMR and CMSY) and pdf.js knows no name for the code, it reads the glyph as the code's
 * own character: CMR's dot accent (code 0x5F) reads "_" ("x_(t)" for ẋ(t)), its circumflex "^", CMSY's ∩ (0x5C) "\".
 * Most of those characters are read back by tex-glyphs.ts's tables, keyed by what no glyph of the font legitimately
 * gives; but a "\" from CMSY is also its named backslash (\setminus, 0x6E), so the character alone cannot say which
 * glyph it was. The page's operator list can: each glyph drawn carries its code and the character pdf.js reads it as.
 * A glyph read as its own code is read here through the font's encoding instead (the tables of tex-type3-fonts.ts).
 */
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { texEncoding, texTableChar } from './tex-glyphs';
import { joinAccents, texFontEncoding, type3Char, type Type3Encoding } from './tex-type3-fonts';

/** The encodings read by code here: TeX's text fonts and its math symbols (the other math fonts read well by their tables). */
const byCode = new Set<Type3Encoding>(['ot1', 'ot1italic', 'ot1tt', 't1', 'oms']);

/** The encoding a TeX Type 1 font's codes follow, by its PDF name ("ABCDEF+CMR10", "SFRM1000"); undefined for any other font. */
export function codeEncoding(fontName: string): Type3Encoding | undefined {
  if (encodings.has(fontName)) return encodings.get(fontName);
  const encoding = texFontEncoding(fontName.replace(/^[A-Z]{6}\+/, ''));
  const found = encoding && byCode.has(encoding) ? encoding : undefined;
  // A document has a handful of fonts: each name is judged once.
  if (encodings.size < 5000) encodings.set(fontName, found);
  return found;
}

const encodings = new Map<string, Type3Encoding | undefined>();

const showOps = new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);

/**
 * Adds to `read` (by font id) the characters pdf.js gave as a glyph's own code in the TeX fonts a page draws
 * (`nameOf` gives a font id's PDF name). Pages share their fonts: `read` is the document's.
 */
export function collectCodeReadChars(
  fnArray: number[],
  argsArray: unknown[][],
  nameOf: (id: string) => string,
  read: Map<string, Set<string>>,
): void {
  let font: string | undefined;
  const tex = new Map<string, boolean>();
  for (let i = 0; i < fnArray.length; i++) {
    const op = fnArray[i];
    if (op === OPS.setFont) {
      const id = String((argsArray[i] ?? [])[0]);
      if (!tex.has(id)) tex.set(id, codeEncoding(nameOf(id)) !== undefined);
      font = tex.get(id) ? id : undefined;
      continue;
    }
    if (!font || !showOps.has(op)) continue;
    const shown = (argsArray[i] ?? [])[op === OPS.nextLineSetSpacingShowText ? 2 : 0];
    if (!Array.isArray(shown)) continue;
    for (const g of shown as unknown[]) {
      if (!g || typeof g !== 'object') continue;
      const { originalCharCode: code, unicode } = g as { originalCharCode?: unknown; unicode?: unknown };
      if (typeof code !== 'number' || typeof unicode !== 'string' || unicode.length !== 1 || unicode.charCodeAt(0) !== code || code > 0x7f)
        continue;
      const chars = read.get(font) ?? new Set<string>();
      chars.add(unicode);
      read.set(font, chars);
    }
  }
}

/**
 * A run of a TeX font with each character pdf.js gave as its code (`codeRead`) read through the font's encoding, text
 * accents left as spacing accents (placed on their letters afterwards, pdf-accents.ts). Other characters stay, and so
 * do those tex-glyphs.ts's table for the font reads (`readTexGlyphs` reads them next).
 */
export function readCodeGlyphs(text: string, fontName: string, codeRead: ReadonlySet<string> | undefined): string {
  if (!codeRead?.size) return text;
  const encoding = codeEncoding(fontName);
  if (!encoding) return text;
  const table = texEncoding(fontName);
  let out = '';
  let changed = false;
  for (const ch of text) {
    const own = ch !== ' ' && codeRead.has(ch) && !(table && texTableChar(table, ch) !== undefined);
    const read = own ? type3Char(encoding, ch.charCodeAt(0)) : ch;
    if (read !== ch) changed = true;
    out += read || ch;
  }
  return changed ? joinAccents(out) : text;
}
