/**
 * The text runs of a page set in TeX's Type 3 bitmap fonts, read glyph by glyph (tex-type3-fonts.ts).
 * pdf.js names every Type 3 font without a font descriptor "Type3" and so joins their glyphs into
 * one run ("in general AB 6 = BA" is CMR, CMMI and CMSY in one run, named after the first). The page's
 * operator list says which font drew each glyph and by which code; each run is split where the
 * font changes, each piece read through its font's encoding and named after the TeX font
 * ("CMMI10"), so what follows sees the same runs as in a PDF with Type 1 fonts.
 */
import type { Glyph, Type3Page } from './pdf-type3-glyphs';
import { joinAccents, type3Char, type TexType3Font } from './tex-type3-fonts';

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
  return splitEach(runs, t3, false, (run, next) => {
    let start = firstGlyph(run, t3.glyphs, next);
    const first = [...(run.str ?? '')][0];
    // A run pdf.js starts with a space may begin at the gap before the glyph it read as a space.
    const blankNext = !first.trim() && t3.glyphs[next] !== undefined && !t3.glyphs[next].unicode.trim();
    if (start < 0 && blankNext) start = next;
    // A gap pdf.js gives a run of its own has no glyph.
    if (start < 0 && !first.trim() && !run.str?.trim()) return 'whole';
    if (start < 0 || (t3.glyphs[start].unicode !== first && first.trim())) return undefined;
    // Each character with the glyph that drew it; a space pdf.js put for a gap has none, one a
    // glyph drew (CMR's "ff" at code 11, a vertical tab to pdf.js) has its glyph.
    return byPlace(run.str ?? '', t3.glyphs, start);
  });
}

/** Otherwise each character is matched to the next glyph of that character, and pieces are placed from where pdf.js starts their run. */
function splitByCharacter(runs: TextRun[], t3: Type3Page): TextRun[] {
  return splitEach(runs, t3, true, (run, next) => byCharacter(run, t3.glyphs, next))!;
}

/**
 * The walk both readings share: runs of other fonts pass as they are; each Type 3 run's characters
 * (`charsOf`, from the glyph after the last one used) become its pieces; 'whole' keeps a run as it
 * is, undefined gives the reading up.
 */
function splitEach(
  runs: TextRun[],
  t3: Type3Page,
  fromRun: boolean,
  charsOf: (run: TextRun, next: number) => Char[] | 'whole' | undefined,
): TextRun[] | undefined {
  const out: TextRun[] = [];
  let next = 0;
  for (const run of runs) {
    const chars = isType3Run(run, t3) ? charsOf(run, next) : 'whole';
    if (chars === undefined) return undefined;
    if (chars === 'whole') {
      out.push(run);
      continue;
    }
    const last = chars.filter((ch) => ch.glyph).pop()?.glyph;
    if (last) next = t3.glyphs.indexOf(last, next) + 1;
    out.push(...pieces(run, chars, t3, fromRun));
  }
  return out;
}

const typewriter = /^(?:cmtt|cmsltt|cmitt|cmtcsc|ectt)/;

type Char = { ch: string; glyph?: Glyph };

/**
 * The text of one font's characters: each glyph of a recognised font read by its code, each of a font without a reading
 * (`unread`) a control code (so the page counts it as a symbol not read, names the page and keeps its picture), the rest
 * as pdf.js read them.
 */
function readChars(chars: Char[], tex: TexType3Font | undefined, unread = false): string {
  const read = (ch: Char) => (unread ? UNREAD : tex && ch.glyph ? (ch.glyph.text ?? type3Char(tex.encoding, ch.glyph.code)) : ch.ch);
  return chars.map((ch) => (ch.glyph ? read(ch) : ch.ch)).join('');
}

/** What a glyph without a reading stands as in a run's text: a control code, which the page's reading counts and leaves out. */
const UNREAD = '\u001a';

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
  if (!groups.some((group) => t3.fonts.get(group.font) || t3.unread.has(group.font))) return [run];
  const mono = (tex: TexType3Font | undefined) => (tex ? typewriter.test(tex.font) : undefined);
  if (fromRun && groups.length === 1) {
    const tex = t3.fonts.get(groups[0].font);
    const str = joinAccents(readChars(chars, tex, t3.unread.has(groups[0].font)));
    return [{ ...run, str, fontName: groups[0].font, read: true, mono: mono(tex) }];
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
    const unread = t3.unread.has(group.font);
    const text = readChars(group.chars, tex, unread);
    const str = groups.length > 1 ? text.trim() : text;
    return {
      str: tex ? joinAccents(str) : str,
      transform: [a, b, c, d, x0, f],
      width: x1 - x0,
      fontName: group.font,
      read: Boolean(tex) || unread,
      mono: mono(tex),
    };
  });
}
