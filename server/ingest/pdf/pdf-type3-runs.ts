/**
 * The text runs of a page set in TeX's Type 3 bitmap fonts, read glyph by glyph (tex-type3-fonts.ts).
 * pdf.js names every Type 3 font without a font descriptor "Type3" and so joins their glyphs into
 * one run ("in general AB 6 = BA" is CMR, CMMI and CMSY in one run, named after the first). The page's
 * operator list says which font drew each glyph and by which code; each run is split where the
 * font changes, each piece read through its font's encoding and named after the TeX font
 * ("CMMI10"), so what follows sees the same runs as in a PDF with Type 1 fonts.
 */
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import { accentOver, joinAccents, recogniseType3Font, type3Char, type TexType3Font, type Type3GlyphMetrics } from './tex-type3-fonts';

/** A text run as pdf.js gives it; `read` marks one whose text is already read through its TeX font. */
export interface TextRun {
  str?: string;
  transform?: number[];
  width?: number;
  fontName?: string;
  read?: boolean;
  /** A piece in one of TeX's typewriter fonts (pdf.js gives a Type 3 font no font family). */
  mono?: boolean;
}

interface Glyph {
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
}

interface FontLike {
  isType3Font?: boolean;
  fontMatrix?: number[];
  widths?: Record<number, number>;
  charProcOperatorList?: Map<string, { fnArray: number[]; argsArray: unknown[][] }>;
}

/** Each font object recognised once for the document (pages share their fonts). */
const recognised = new WeakMap<object, TexType3Font | null>();

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

function recognise(font: FontLike, drawn: ReadonlyMap<number, string> | undefined): TexType3Font | undefined {
  const known = recognised.get(font);
  if (known !== undefined) return known ?? undefined;
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
  const found = recogniseType3Font(used, font.fontMatrix ?? []);
  recognised.set(font, found ?? null);
  return found;
}

function fontObject(page: PDFPageProxy, id: string): FontLike | undefined {
  try {
    return page.commonObjs.has(id) ? (page.commonObjs.get(id) as FontLike) : undefined;
  } catch {
    return undefined;
  }
}

type Matrix = [number, number, number, number, number, number];
const identity: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 after m2: a point is carried by m2, then by m1 (pdf.js's Util.transform). */
function times(m1: Matrix, m2: ArrayLike<number>): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
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
  const drawn = new Map<string, Map<number, string>>();
  const glyphs: Glyph[] = [];
  let st: TextState = {
    ctm: [...identity],
    tm: [...identity],
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
    const type3 = st.font !== undefined && objects.get(st.font)?.isType3Font === true;
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
      if (type3 && st.font && typeof unicode === 'string' && unicode && typeof code === 'number') {
        const m = times(st.ctm, st.tm);
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
        if (isMatrix(args)) st.ctm = times(st.ctm, args);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ...st });
        if (isMatrix(args[0])) st.ctm = times(st.ctm, args[0]);
        break;
      case OPS.paintFormXObjectEnd:
        st = stack.pop() ?? st;
        break;
      case OPS.beginText:
        st.tm = [...identity];
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
  for (const [id, font] of objects) {
    if (!font?.isType3Font) continue;
    const tex = recognise(font, drawn.get(id));
    fonts.set(id, tex);
    if (tex) fontNames.set(id, tex.font.toUpperCase());
  }
  placeAccents(glyphs, fonts);
  return fonts.size > 0 ? { fonts, glyphs } : undefined;
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

/** Whether a glyph is drawn where pdf.js has the run (give or take its size): a glyph of another run is never taken for one of this. */
function within(glyph: Glyph, run: TextRun): boolean {
  const [a = 1, , , d = 1, e = 0] = run.transform ?? [];
  const size = Math.max(Math.abs(a), Math.abs(d), 1);
  const x0 = Math.min(e, e + (run.width ?? 0)) - size;
  const x1 = Math.max(e, e + (run.width ?? 0)) + size;
  return glyph.x >= x0 && glyph.x <= x1;
}

/** The glyph drawn where pdf.js starts the run (its first), at or after `from`; -1 if none is. */
function firstGlyph(run: TextRun, glyphs: Glyph[], from: number): number {
  const [a = 1, , , d = 1, e = 0, f = 0] = run.transform ?? [];
  const size = Math.max(Math.abs(a), Math.abs(d), 1);
  for (let k = from; k < Math.min(glyphs.length, from + RESYNC); k++) {
    const g = glyphs[k];
    if (Math.abs(g.x - e) <= 0.35 * size && Math.abs(g.y - f) <= 0.5 * size && (g.unicode === [...(run.str ?? '')][0] || !g.unicode.trim()))
      return k;
  }
  return -1;
}

/**
 * A run's characters with the glyphs drawn from its first on, one each in order (pdf.js reads
 * the same glyphs, though not always as the same characters when the PDF's own map says otherwise);
 * a space takes a glyph only when pdf.js read that glyph as one.
 */
function byPlace(text: string, glyphs: Glyph[], start: number): Char[] {
  const chars: Char[] = [];
  let k = start;
  for (const ch of text) {
    const glyph = glyphs[k];
    const blank = glyph !== undefined && !glyph.unicode.trim();
    if (!ch.trim()) {
      chars.push(blank ? { ch, glyph } : { ch });
      if (blank) k++;
      continue;
    }
    // A glyph pdf.js left out of the text (read as a space, a soft hyphen) is passed over.
    if (glyph && glyph.unicode !== ch && glyphs[k + 1]?.unicode === ch) k++;
    chars.push(glyphs[k] ? { ch, glyph: glyphs[k] } : { ch });
    k++;
  }
  return chars;
}

/** A run's characters matched to glyphs of the same character, in order, where no glyph is drawn where pdf.js starts it. */
function byCharacter(run: TextRun, glyphs: Glyph[], from: number): Char[] {
  const chars: Char[] = [];
  let next = from;
  for (const ch of run.str ?? '') {
    if (!ch.trim()) {
      const glyph = glyphs[next];
      if (glyph && !glyph.unicode.trim()) {
        chars.push({ ch, glyph });
        next++;
      } else chars.push({ ch });
      continue;
    }
    let at = -1;
    for (let k = next; k < Math.min(glyphs.length, next + RESYNC); k++)
      if (glyphs[k].unicode === ch && within(glyphs[k], run)) {
        at = k;
        break;
      }
    if (at < 0) {
      chars.push({ ch });
      continue;
    }
    chars.push({ ch, glyph: glyphs[at] });
    next = at + 1;
  }
  return chars;
}

/** How far ahead a run's glyph is looked for when pdf.js left some out of the text (outside the page). */
const RESYNC = 200;

/**
 * The page's runs with each Type 3 run split where its glyphs' font changes, every piece read
 * through its recognised TeX font (a piece of an unrecognised font keeps pdf.js's characters, and
 * so the warning and the page picture) and placed where its glyphs are drawn; the spaces pdf.js put
 * between two fonts are left to the line's reading, as between the runs of Type 1 fonts.
 */
export function splitType3Runs(runs: TextRun[], t3: Type3Page): TextRun[] {
  return splitByPlace(runs, t3) ?? splitByCharacter(runs, t3);
}

const isType3Run = (run: TextRun, t3: Type3Page) => Boolean(run.str && run.transform && run.fontName && t3.fonts.has(run.fontName));

/**
 * Where pdf.js starts every Type 3 run at a glyph of its first character, the glyphs are taken in
 * drawing order from there and the pieces placed where their glyphs are drawn; undefined as soon as
 * one run is not (pdf.js left a glyph out of its text and placed what follows a glyph early).
 */
function splitByPlace(runs: TextRun[], t3: Type3Page): TextRun[] | undefined {
  const out: TextRun[] = [];
  let next = 0;
  for (const run of runs) {
    if (!isType3Run(run, t3)) {
      out.push(run);
      continue;
    }
    let start = firstGlyph(run, t3.glyphs, next);
    const first = [...(run.str ?? '')][0];
    // A run pdf.js starts with a space may begin at the gap before the glyph it read as a space.
    const blankNext = !first.trim() && t3.glyphs[next] !== undefined && !t3.glyphs[next].unicode.trim();
    if (start < 0 && blankNext) start = next;
    // A gap pdf.js gives a run of its own has no glyph.
    if (start < 0 && !first.trim() && !run.str?.trim()) {
      out.push(run);
      continue;
    }
    if (start < 0 || (t3.glyphs[start].unicode !== first && first.trim())) return undefined;
    // Each character with the glyph that drew it; a space pdf.js put for a gap has none, one a
    // glyph drew (CMR's "ff" at code 11, a vertical tab to pdf.js) has its glyph.
    const chars = byPlace(run.str ?? '', t3.glyphs, start);
    const last = chars.filter((ch) => ch.glyph).pop()?.glyph;
    if (last) next = t3.glyphs.indexOf(last, next) + 1;
    out.push(...pieces(run, chars, t3, false));
  }
  return out;
}

/** Otherwise each character is matched to the next glyph of that character, and pieces are placed from where pdf.js starts their run. */
function splitByCharacter(runs: TextRun[], t3: Type3Page): TextRun[] {
  const out: TextRun[] = [];
  let next = 0;
  for (const run of runs) {
    if (!isType3Run(run, t3)) {
      out.push(run);
      continue;
    }
    const chars = byCharacter(run, t3.glyphs, next);
    const last = chars.filter((ch) => ch.glyph).pop()?.glyph;
    if (last) next = t3.glyphs.indexOf(last, next) + 1;
    out.push(...pieces(run, chars, t3, true));
  }
  return out;
}

const typewriter = /^(?:cmtt|cmsltt|cmitt|cmtcsc|ectt)/;

type Char = { ch: string; glyph?: Glyph };

/** The text of one font's characters: each glyph of a recognised font read by its code, the rest as pdf.js read them. */
function readChars(chars: Char[], tex: TexType3Font | undefined): string {
  return chars.map((ch) => (tex && ch.glyph ? (ch.glyph.text ?? type3Char(tex.encoding, ch.glyph.code)) : ch.ch)).join('');
}

/** Where a glyph's ink starts and ends along the line. */
const span = (glyphs: Glyph[]) => [
  Math.min(...glyphs.map((g) => Math.min(g.x, g.x + g.advance))),
  Math.max(...glyphs.map((g) => Math.max(g.x, g.x + g.advance))),
];

/** An accent read into its letter takes no room of its own (TeX kerns back over it). */
const placed = (chars: Char[]) => chars.filter((ch) => ch.glyph && ch.glyph.text !== '').map((ch) => ch.glyph as Glyph);

function pieces(run: TextRun, chars: Char[], t3: Type3Page, fromRun: boolean): TextRun[] {
  const groups: Array<{ font: string; chars: Char[] }> = [];
  for (const c of chars) {
    const font = c.glyph?.font ?? groups[groups.length - 1]?.font ?? run.fontName ?? '';
    const group = groups[groups.length - 1];
    if (group && group.font === font) group.chars.push(c);
    else groups.push({ font, chars: [c] });
  }
  // A run of fonts none of which is TeX's stays as pdf.js read it; one of a single font where the
  // glyphs are not where pdf.js has them keeps pdf.js's place.
  if (!groups.some((group) => t3.fonts.get(group.font))) return [run];
  const mono = (tex: TexType3Font | undefined) => (tex ? typewriter.test(tex.font) : undefined);
  if (fromRun && groups.length === 1) {
    const tex = t3.fonts.get(groups[0].font);
    return [{ ...run, str: joinAccents(readChars(chars, tex)), fontName: groups[0].font, read: true, mono: mono(tex) }];
  }
  // Pieces are placed where their glyphs are drawn, or from where pdf.js starts the run by how far
  // they are from its first glyph.
  const [a, b, c, d, e, f] = run.transform ?? [1, 0, 0, 1, 0, 0];
  const origin = chars.find((ch) => ch.glyph)?.glyph?.x ?? e;
  const at = (x: number) => (fromRun ? e + x - origin : x);
  let end = e;
  return groups.map((group) => {
    const tex = t3.fonts.get(group.font);
    const drawn = placed(group.chars);
    const [x0, x1] = drawn.length ? span(drawn).map(at) : [end, end];
    end = x1;
    const text = readChars(group.chars, tex);
    const str = groups.length > 1 ? text.trim() : text;
    return {
      str: tex ? joinAccents(str) : str,
      transform: [a, b, c, d, x0, f],
      width: x1 - x0,
      fontName: group.font,
      read: Boolean(tex),
      mono: mono(tex),
    };
  });
}
