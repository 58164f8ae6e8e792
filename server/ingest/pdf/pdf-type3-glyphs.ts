/**
 * The glyphs a page draws in TeX's Type 3 bitmap fonts, from its operator list: which font drew
 * each, by which code, and where (the text state followed as pdf.js follows it when it draws), and
 * each font recognised as one of TeX's (tex-type3-fonts.ts). pdf-type3-runs.ts reads pdf.js's
 * text runs by them.
 */
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import { accentOver, matchType3Font, type3Char, type TexType3Font, type Type3GlyphMetrics } from './tex-type3-fonts';
import { identityMatrix, multiplyMatrix, type Matrix } from './pdf-matrix';

export interface Glyph {
  font: string;
  code: number;
  unicode: string;
  /** Where the glyph is drawn (its origin) and how far it advances, in page space. */
  x: number;
  y: number;
  advance: number;
  /** What the glyph reads as when it is not its code's character: a letter with the accent set over it, "" for that accent. */
  text?: string;
}

/** The Type 3 fonts of a page (recognised or not) and the glyphs they drew, in drawing order. */
export interface Type3Page {
  fonts: Map<string, TexType3Font | undefined>;
  glyphs: Glyph[];
  /**
   * The fonts none of TeX's whose glyphs are named only by their codes ("a65", as pdfTeX and LuaTeX name a METAFONT
   * font's bitmaps): pdf.js reads each code as the character of that number, a guess ("A" for a skull), so they have no
   * reading.
   */
  unread: Set<string>;
}

export interface FontLike {
  isType3Font?: boolean;
  fontMatrix?: number[];
  widths?: Record<number, number>;
  charProcOperatorList?: Map<string, { fnArray: number[]; argsArray: unknown[][] }>;
}

/** Each font object recognised once for the document (pages share their fonts); `unknown` when it is none of TeX's. */
const recognised = new WeakMap<object, { font?: TexType3Font; unknown: boolean }>();

/**
 * The font's glyph names by code: pdf.js keeps no encoding for a Type 3 font, but names its glyph
 * procedures as the PDF does ("a61" for code 61 from pdfTeX), and each glyph drawn carries its name.
 */
function glyphNames(font: FontLike, drawn: ReadonlyMap<number, string> | undefined): Map<number, string> {
  const names = new Map<number, string>();
  for (const name of font.charProcOperatorList?.keys() ?? []) {
    const code = /^a(\d{1,3})$/.exec(name);
    if (code) names.set(Number(code[1]), name);
  }
  for (const [code, name] of drawn ?? []) names.set(code, name);
  return names;
}

function recognise(font: FontLike, drawn: ReadonlyMap<number, string> | undefined): { font?: TexType3Font; unknown: boolean } {
  const known = recognised.get(font);
  if (known !== undefined) return known;
  const used = new Map<number, Type3GlyphMetrics>();
  const names = glyphNames(font, drawn);
  for (const [key, width] of Object.entries(font.widths ?? {})) {
    const code = Number(key);
    const name = names.get(code);
    if (!(width > 0) && !name) continue;
    const procs = name ? font.charProcOperatorList?.get(name) : undefined;
    const at = procs ? procs.fnArray.indexOf(OPS.setCharWidthAndBounds) : -1;
    const args = at >= 0 ? (procs?.argsArray[at] as number[] | undefined) : undefined;
    used.set(code, { width, bounds: args && args.length >= 6 ? args.slice(2, 6) : undefined });
  }
  const found = matchType3Font(used, font.fontMatrix ?? []);
  recognised.set(font, found);
  return found;
}

/** Whether every glyph procedure of the font, and every glyph drawn, is named "a" and its code. */
function namedByCode(font: FontLike, drawn: ReadonlyMap<number, string> | undefined): boolean {
  const names = [...(font.charProcOperatorList?.keys() ?? []), ...(drawn?.values() ?? [])];
  return names.length > 0 && names.every((name) => /^a\d{1,3}$/.test(name));
}

function fontObject(page: PDFPageProxy, id: string): FontLike | undefined {
  try {
    return page.commonObjs.has(id) ? (page.commonObjs.get(id) as FontLike) : undefined;
  } catch {
    return undefined;
  }
}

/** The text state pdf.js keeps while drawing (canvas.js): where the next glyph goes. */
interface TextState {
  ctm: Matrix;
  tm: Matrix;
  x: number;
  lineX: number;
  y: number;
  lineY: number;
  leading: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  rise: number;
  size: number;
  fontScale: number;
  font?: string;
}

/** Six numbers (pdf.js passes some matrices as typed arrays). */
const isMatrix = (m: unknown): m is ArrayLike<number> =>
  typeof m === 'object' &&
  m !== null &&
  (m as ArrayLike<unknown>).length === 6 &&
  Array.from(m as ArrayLike<unknown>).every((v) => typeof v === 'number');

/**
 * The page's Type 3 fonts and their glyphs, each where it is drawn (x in page space), from the
 * operator list, following the text state as pdf.js does when it draws; undefined when the page has
 * none. A recognised font's name goes into `fontNames` (the TeX font's, "CMSY10"), so its runs are
 * judged as those of the Type 1 font of that name are.
 */
export function type3Page(
  page: PDFPageProxy,
  fnArray: number[],
  argsArray: unknown[][],
  fontNames: Map<string, string>,
): Type3Page | undefined {
  const fonts = new Map<string, TexType3Font | undefined>();
  const objects = new Map<string, FontLike | undefined>();
  // Most pages have no Type 3 font: their operators are not followed.
  for (let i = 0; i < fnArray.length; i++) {
    if (fnArray[i] !== OPS.setFont) continue;
    const id = String((argsArray[i] ?? [])[0]);
    if (!objects.has(id)) objects.set(id, fontObject(page, id));
  }
  if (![...objects.values()].some((font) => font?.isType3Font)) return undefined;
  const { glyphs, drawn } = walkGlyphs(page, fnArray, argsArray, (font) => font?.isType3Font === true, objects);
  const unread = new Set<string>();
  for (const [id, font] of objects) {
    if (!font?.isType3Font) continue;
    const { font: tex, unknown } = recognise(font, drawn.get(id));
    fonts.set(id, tex);
    if (tex) fontNames.set(id, tex.font.toUpperCase());
    if (unknown && namedByCode(font, drawn.get(id))) unread.add(id);
  }
  placeAccents(glyphs, fonts);
  return fonts.size > 0 ? { fonts, glyphs, unread } : undefined;
}

/**
 * The glyphs of a page that `keep` takes (by their font object and character), each where it is drawn (its origin, in
 * page space, the text state followed as pdf.js follows it when it draws), in drawing order; and the glyph procedures
 * named for each font's codes. `objects` caches the page's font objects by id.
 */
export function walkGlyphs(
  page: PDFPageProxy,
  fnArray: number[],
  argsArray: unknown[][],
  keep: (font: FontLike | undefined, unicode: string) => boolean,
  objects: Map<string, FontLike | undefined> = new Map(),
): { glyphs: Glyph[]; drawn: Map<string, Map<number, string>> } {
  const drawn = new Map<string, Map<number, string>>();
  const glyphs: Glyph[] = [];
  let st: TextState = {
    ctm: [...identityMatrix],
    tm: [...identityMatrix],
    x: 0,
    lineX: 0,
    y: 0,
    lineY: 0,
    leading: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    rise: 0,
    size: 1,
    fontScale: 0.001,
  };
  const stack: TextState[] = [];
  const moveText = (x: number, y: number) => {
    st.x = st.lineX += x;
    st.y = st.lineY += y;
  };
  const show = (shown: unknown) => {
    if (!Array.isArray(shown)) return;
    for (const g of shown as unknown[]) {
      if (typeof g === 'number') {
        st.x -= (g * st.size * st.hScale) / 1000;
        continue;
      }
      if (!g || typeof g !== 'object') continue;
      const {
        originalCharCode: code,
        unicode,
        width,
        isSpace,
        operatorListId: name,
      } = g as {
        originalCharCode?: number;
        unicode?: string;
        width?: number;
        isSpace?: boolean;
        operatorListId?: string;
      };
      const advance = ((width ?? 0) * st.fontScale * st.size + st.charSpacing + (isSpace ? st.wordSpacing : 0)) * st.hScale;
      if (st.font && typeof unicode === 'string' && unicode && typeof code === 'number' && keep(objects.get(st.font), unicode)) {
        const m = multiplyMatrix(st.ctm, st.tm);
        const at = m[0] * st.x + m[2] * (st.y + st.rise) + m[4];
        const end = m[0] * (st.x + advance) + m[2] * (st.y + st.rise) + m[4];
        const y = m[1] * st.x + m[3] * (st.y + st.rise) + m[5];
        glyphs.push({ font: st.font, code, unicode, x: at, y, advance: end - at });
        if (typeof name === 'string') {
          const names = drawn.get(st.font) ?? new Map<number, string>();
          names.set(code, name);
          drawn.set(st.font, names);
        }
      }
      st.x += advance;
    }
  };
  for (let i = 0; i < fnArray.length; i++) {
    const args = (argsArray[i] ?? []) as unknown[];
    const num = (k: number) => (typeof args[k] === 'number' ? (args[k] as number) : 0);
    switch (fnArray[i]) {
      case OPS.save:
        stack.push({ ...st });
        break;
      case OPS.restore:
        st = stack.pop() ?? st;
        break;
      case OPS.transform:
        if (isMatrix(args)) st.ctm = multiplyMatrix(st.ctm, args);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ...st });
        if (isMatrix(args[0])) st.ctm = multiplyMatrix(st.ctm, args[0]);
        break;
      case OPS.paintFormXObjectEnd:
        st = stack.pop() ?? st;
        break;
      case OPS.beginText:
        st.tm = [...identityMatrix];
        st.x = st.lineX = st.y = st.lineY = 0;
        break;
      case OPS.setTextMatrix: {
        const m = isMatrix(args[0]) ? args[0] : isMatrix(args) ? args : undefined;
        if (m) st.tm = Array.from(m) as Matrix;
        st.x = st.lineX = st.y = st.lineY = 0;
        break;
      }
      case OPS.moveText:
        moveText(num(0), num(1));
        break;
      case OPS.setLeadingMoveText:
        st.leading = num(1);
        moveText(num(0), num(1));
        break;
      case OPS.setLeading:
        st.leading = -num(0);
        break;
      case OPS.nextLine:
        moveText(0, st.leading);
        break;
      case OPS.setCharSpacing:
        st.charSpacing = num(0);
        break;
      case OPS.setWordSpacing:
        st.wordSpacing = num(0);
        break;
      case OPS.setHScale:
        st.hScale = num(0) / 100;
        break;
      case OPS.setTextRise:
        st.rise = num(0);
        break;
      case OPS.setFont: {
        const id = String(args[0]);
        if (!objects.has(id)) objects.set(id, fontObject(page, id));
        const font = objects.get(id);
        st.font = id;
        st.size = Math.abs(num(1)) || 1;
        st.fontScale = font?.fontMatrix?.[0] ?? 0.001;
        break;
      }
      case OPS.showText:
      case OPS.showSpacedText:
        show(args[0]);
        break;
      case OPS.nextLineShowText:
        moveText(0, st.leading);
        show(args[0]);
        break;
      case OPS.nextLineSetSpacingShowText:
        st.wordSpacing = num(0);
        st.charSpacing = num(1);
        moveText(0, st.leading);
        show(args[2]);
        break;
    }
  }
  return { glyphs, drawn };
}

/**
 * TeX sets a text accent as a glyph of its own over the letter (\\accent: the accent, then the
 * letter moved back under it; a cedilla under a capital after it), raised over a capital, so
 * pdf.js often gives it a run of its own. A recognised accent glyph centred over the glyph drawn
 * next (or, failing that, before) joins it: the letter reads accented ("é"), the accent as nothing.
 */
function placeAccents(glyphs: Glyph[], fonts: ReadonlyMap<string, TexType3Font | undefined>): void {
  const char = (g: Glyph | undefined) => {
    const tex = g && fonts.get(g.font);
    return tex && g ? (g.text ?? type3Char(tex.encoding, g.code)) : '';
  };
  const centred = (accent: Glyph, letter: Glyph | undefined) =>
    letter !== undefined &&
    /^\p{L}$/u.test(char(letter)) &&
    Math.abs(accent.x + accent.advance / 2 - (letter.x + letter.advance / 2)) <=
      Math.max(Math.abs(letter.advance), Math.abs(accent.advance)) / 2;
  glyphs.forEach((g, i) => {
    const mark = char(g);
    if (mark.length !== 1 || !accentOver('', mark)) return;
    const letter = centred(g, glyphs[i + 1]) ? glyphs[i + 1] : centred(g, glyphs[i - 1]) ? glyphs[i - 1] : undefined;
    if (!letter) return;
    letter.text = accentOver(char(letter), mark);
    g.text = '';
  });
}
