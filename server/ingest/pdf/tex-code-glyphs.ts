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
import type { Glyph } from './pdf-type3-glyphs';
import type { TextRun } from './pdf-type3-runs';
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
 * The encoding by which a glyph pdf.js read as its code is read where it is drawn: the text fonts' and CMSY's (as above),
 * and CMEX's, whose code-read glyphs are told apart only by where they are (its "{" is a brace tip at 0x7B, or the big
 * brace at 0x6E that the font's own map names).
 */
function placeEncoding(fontName: string): Type3Encoding | undefined {
  return codeEncoding(fontName) ?? (texEncoding(fontName) === 'omx' ? 'omx' : undefined);
}

/**
 * Adds to `read` (by font id) the characters pdf.js gave as a glyph's own code in the TeX fonts a page draws
 * (`nameOf` gives a font id's PDF name). Pages share their fonts: `read` is the document's. Returns the ids of the fonts
 * of which the page draws a glyph to be read where it is drawn (`isPlaced`): one pdf.js read as a control code it takes
 * for white space (OT1's ff, fi and fl at codes 11 to 13, CMEX's extension of "|" at 12), the text having a space or
 * nothing there, or a CMEX glyph its table cannot read by the character alone; `readBlankGlyphs` reads them.
 */
export function collectCodeReadChars(
  fnArray: number[],
  argsArray: unknown[][],
  nameOf: (id: string) => string,
  read: Map<string, Set<string>>,
): Set<string> {
  const blank = new Set<string>();
  let font: string | undefined;
  let encoding: Type3Encoding | undefined;
  const tex = new Map<string, Type3Encoding | undefined>();
  for (let i = 0; i < fnArray.length; i++) {
    const op = fnArray[i];
    if (op === OPS.setFont) {
      const id = String((argsArray[i] ?? [])[0]);
      if (!tex.has(id)) tex.set(id, placeEncoding(nameOf(id)));
      encoding = tex.get(id);
      font = encoding ? id : undefined;
      continue;
    }
    if (!font || !encoding || !showOps.has(op)) continue;
    const shown = (argsArray[i] ?? [])[op === OPS.nextLineSetSpacingShowText ? 2 : 0];
    if (!Array.isArray(shown)) continue;
    for (const g of shown as unknown[]) {
      if (!g || typeof g !== 'object') continue;
      const { originalCharCode: code, unicode } = g as { originalCharCode?: unknown; unicode?: unknown };
      if (typeof code !== 'number' || typeof unicode !== 'string' || unicode.length !== 1 || unicode.charCodeAt(0) !== code || code > 0x7f)
        continue;
      if (isPlaced({ code, unicode }, encoding)) blank.add(font);
      if (encoding === 'omx') continue;
      const chars = read.get(font) ?? new Set<string>();
      chars.add(unicode);
      read.set(font, chars);
    }
  }
  return blank;
}

/** Whether a glyph is one pdf.js read as white space by its code. */
const isBlank = (g: Pick<Glyph, 'code' | 'unicode'>) =>
  g.unicode.length === 1 && g.unicode.charCodeAt(0) === g.code && /\s/.test(g.unicode);

/** Whether a glyph pdf.js read as its code is read where it is drawn: a blank, or a CMEX glyph its table does not read. */
function isPlaced(g: Pick<Glyph, 'code' | 'unicode'>, encoding: Type3Encoding): boolean {
  if (isBlank(g)) return true;
  return encoding === 'omx' && g.unicode.length === 1 && g.unicode.charCodeAt(0) === g.code && texTableChar('omx', g.unicode) === undefined;
}

/** A glyph read through its font's encoding: CMEX's by its table where that reads the character, else by its code. */
function placedChar(g: Glyph, encoding: Type3Encoding): string {
  return (encoding === 'omx' ? texTableChar('omx', g.unicode) : undefined) ?? type3Char(encoding, g.code);
}

/** Text accents read by code (T1's at codes 9 to 13) joined to their letters, or left as spacing accents (pdf-accents.ts places those). */
const withAccents = (text: string) => (/[\uE010-\uE01B]/u.test(text) ? joinAccents(text) : text);

/** A run's box along its baseline: where it starts and ends, its baseline and size. */
function runBox(run: TextRun): { x0: number; x1: number; y: number; size: number } | undefined {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = run.transform ?? [];
  // Only upright runs: a rotated one is not read as text.
  if (Math.abs(b) > 0.01 * Math.abs(a) || Math.abs(c) > 0.01 * Math.abs(d) || a <= 0) return undefined;
  return { x0: e, x1: e + (run.width ?? 0), y: f, size: Math.abs(d) || a };
}

/**
 * The glyphs of a run in drawing order, each with its characters: a glyph pdf.js read as white space by its code takes a
 * space of the text where there is one, and it and any other glyph to be read where it is drawn are read through the
 * font's encoding. Undefined where the text and the glyphs do not agree (the run is then left as pdf.js read it).
 */
function readRun(run: TextRun, glyphs: Glyph[], encoding: Type3Encoding): string | undefined {
  const str = run.str ?? '';
  let out = '';
  let i = 0;
  for (const g of glyphs) {
    if (isBlank(g)) {
      if (str[i] === ' ') i++;
      out += placedChar(g, encoding) || ' ';
      continue;
    }
    // Spaces pdf.js put for a gap have no glyph.
    while (str[i] === ' ') out += str[i++];
    const read = g.unicode.normalize('NFKC');
    if (!read.trim()) continue;
    const own = str.startsWith(read, i) ? read : str.startsWith(g.unicode, i) ? g.unicode : undefined;
    // Else a glyph pdf.js left out of the text (an accent it read as a control code): passed over.
    if (own === undefined) continue;
    out += isPlaced(g, encoding) ? placedChar(g, encoding) : own;
    i += own.length;
  }
  return i === str.length || !str.slice(i).trim() ? out + str.slice(i) : undefined;
}

/** CMEX's extension pieces of "|" and "‖" (codes 12 and 13): their advance widths in ems, from the font's TFM. */
const extensionWidths: Record<number, number> = { 0x0c: 0.3333, 0x0d: 0.5556 };

/**
 * CMEX's blanks as runs of their own: the extension of "|" or "‖", set in a column of as many pieces as the height needs,
 * one glyph a column, placed so that the reader's guess of where the extension font's glyphs hang (PdfItem.hangs: 0.75 em
 * under their origin) puts it on its row's baseline (the column is centred on the math axis, a quarter em over it); any
 * other (a big "}" or angle bracket at codes 9 to 11) one run at its origin.
 */
function columnRuns(blanks: Glyph[], font: string, encoding: Type3Encoding, like: TextRun | undefined): TextRun[] {
  const columns: Glyph[][] = [];
  for (const g of [...blanks].sort((a, b) => a.x - b.x || b.y - a.y)) {
    const column = extensionWidths[g.code]
      ? columns.find((c) => c[0].code === g.code && Math.abs(c[0].x - g.x) < 0.5 && c[c.length - 1].y - g.y < 8 * g.advance)
      : undefined;
    if (column) column.push(g);
    else columns.push([g]);
  }
  return columns.flatMap((c) => {
    const str = placedChar(c[0], encoding);
    if (!str) return [];
    const width = extensionWidths[c[0].code];
    const size = width ? c[0].advance / width : Math.abs(like?.transform?.[3] ?? 10) || 10;
    let y = c[0].y;
    if (width) {
      const step = c.length > 1 ? (c[0].y - c[c.length - 1].y) / (c.length - 1) : 0.6 * size;
      y = c[0].y - (c.length * step) / 2 + 0.5 * size;
    }
    return [{ str, transform: [size, 0, 0, size, c[0].x, y], width: c[0].advance, fontName: font }];
  });
}

/**
 * The page's runs with the glyphs to be read where they are drawn (`blank`: the fonts that drew any, by id; `glyphs`:
 * the page's glyphs where they are drawn) read through their TeX font's encoding: "Di erential" is "Differential" again.
 * A blank inside a run takes the space pdf.js put for it; one where pdf.js ended a run or started the next (a wide
 * ligature, one at the start of a word or a line) is added to the run it touches on its baseline; CMEX's columns of
 * blanks are runs of their own.
 */
export function readBlankGlyphs(runs: TextRun[], glyphs: Glyph[], blank: ReadonlySet<string>, nameOf: (id: string) => string): TextRun[] {
  const ofFont = new Map<string, Glyph[]>();
  for (const g of glyphs) {
    if (!blank.has(g.font)) continue;
    const list = ofFont.get(g.font);
    if (list) list.push(g);
    else ofFont.set(g.font, [g]);
  }
  const done = new Set<Glyph>();
  const out = runs.map((run) => {
    const encoding = run.fontName && ofFont.has(run.fontName) ? placeEncoding(nameOf(run.fontName)) : undefined;
    const box = encoding ? runBox(run) : undefined;
    if (!encoding || !box || !run.str) return run;
    const mine = ofFont
      .get(run.fontName!)!
      .filter(
        (g) => !done.has(g) && Math.abs(g.y - box.y) < 0.3 * box.size && g.x >= box.x0 - 0.05 * box.size && g.x < box.x1 - 0.05 * box.size,
      );
    if (!mine.some((g) => isPlaced(g, encoding))) return run;
    if (!run.str.trim()) {
      // A space pdf.js gave a run of its own spans the gap before the blank too: the run is the blank, where it is drawn.
      const [g, ...more] = mine.filter(isBlank);
      const read = g && encoding !== 'omx' ? placedChar(g, encoding) : '';
      if (more.length || !read) return run;
      done.add(g);
      const t = [...(run.transform ?? [])];
      t[4] = g.x;
      return { ...run, str: withAccents(read), transform: t, width: g.advance };
    }
    const str = readRun(
      run,
      mine.filter((g) => encoding !== 'omx' || !isBlank(g)),
      encoding,
    );
    if (str === undefined) return run;
    mine.forEach((g) => done.add(g));
    return { ...run, str: withAccents(str) };
  });
  // Blanks outside every run: added to the run that ends where the blank starts, or starts where it ends.
  for (const [font, list] of ofFont) {
    const encoding = placeEncoding(nameOf(font));
    if (!encoding) continue;
    const left = list.filter((x) => isBlank(x) && !done.has(x));
    if (encoding === 'omx') {
      out.push(
        ...columnRuns(
          left,
          font,
          encoding,
          out.find((r) => r.fontName === font),
        ),
      );
      continue;
    }
    for (const g of left) {
      const read = placedChar(g, encoding);
      if (!read) continue;
      for (let k = 0; k < out.length; k++) {
        const run = out[k];
        const box = run.fontName === font && run.str?.trim() ? runBox(run) : undefined;
        if (!box || Math.abs(g.y - box.y) >= 0.3 * box.size) continue;
        const near = 0.15 * box.size;
        if (Math.abs(box.x1 - g.x) < near) {
          out[k] = { ...run, str: withAccents(`${run.str!.trimEnd()}${read}`), width: g.x + g.advance - box.x0 };
        } else if (Math.abs(box.x0 - (g.x + g.advance)) < near) {
          const t = [...(run.transform ?? [])];
          t[4] = g.x;
          out[k] = { ...run, str: withAccents(`${read}${run.str!.trimStart()}`), transform: t, width: box.x1 - g.x };
        } else continue;
        done.add(g);
        break;
      }
    }
  }
  return out;
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
