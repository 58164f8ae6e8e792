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
import { joinAccents, recogniseType3Font, type3Char, type TexType3Font, type Type3GlyphMetrics } from './tex-type3-fonts';

/** A text run as pdf.js gives it; `read` marks one whose text is already read through its TeX font. */
export interface TextRun {
  str?: string;
  transform?: number[];
  width?: number;
  fontName?: string;
  read?: boolean;
}

interface Glyph {
  font: string;
  code: number;
  unicode: string;
  advance: number;
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

const showOps = new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);

/**
 * The page's Type 3 fonts and their glyphs, from its operator list; undefined when it has none. A
 * recognised font's name goes into `fontNames` (the TeX font's, "CMSY10"), so its runs are judged as
 * those of the Type 1 font of that name are.
 */
export function type3Page(page: PDFPageProxy, fnArray: number[], argsArray: unknown[][], fontNames: Map<string, string>): Type3Page | undefined {
  const fonts = new Map<string, TexType3Font | undefined>();
  const objects = new Map<string, FontLike>();
  const drawn = new Map<string, Map<number, string>>();
  const glyphs: Glyph[] = [];
  let current: { id: string; size: number; scale: number } | undefined;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    if (fn === OPS.setFont) {
      const [id, size] = argsArray[i] as [string, number];
      const font = objects.get(id) ?? fontObject(page, id);
      current = undefined;
      if (!font?.isType3Font) continue;
      objects.set(id, font);
      current = { id, size: Math.abs(size) || 1, scale: Math.abs(font.fontMatrix?.[0] ?? 0.001) };
    } else if (current && showOps.has(fn)) {
      const shown = (argsArray[i] as unknown[]).find(Array.isArray) as unknown[] | undefined;
      for (const g of shown ?? []) {
        if (!g || typeof g !== 'object') continue;
        const { originalCharCode: code, unicode, width, operatorListId: name } = g as {
          originalCharCode?: number;
          unicode?: string;
          width?: number;
          operatorListId?: string;
        };
        if (typeof unicode !== 'string' || !unicode || typeof code !== 'number') continue;
        glyphs.push({ font: current.id, code, unicode, advance: (width ?? 0) * current.scale * current.size });
        if (typeof name === 'string') {
          const names = drawn.get(current.id) ?? new Map<number, string>();
          names.set(code, name);
          drawn.set(current.id, names);
        }
      }
    }
  }
  for (const [id, font] of objects) {
    const tex = recognise(font, drawn.get(id));
    fonts.set(id, tex);
    if (tex) fontNames.set(id, tex.font.toUpperCase());
  }
  return fonts.size > 0 ? { fonts, glyphs } : undefined;
}

/** How far ahead a run's glyph is looked for when pdf.js left some out of the text (outside the page). */
const RESYNC = 200;

/**
 * The page's runs with each Type 3 run split where its glyphs' font changes, every piece read
 * through its recognised TeX font (a piece of an unrecognised font keeps pdf.js's characters, and
 * so the warning and the page picture). A piece's position is its share of the run by the glyphs'
 * advances, the gaps pdf.js wrote as spaces sharing what the run is wider.
 */
export function splitType3Runs(runs: TextRun[], t3: Type3Page): TextRun[] {
  const out: TextRun[] = [];
  let next = 0;
  for (const run of runs) {
    if (!run.str || !run.transform || !run.fontName || !t3.fonts.has(run.fontName)) {
      out.push(run);
      continue;
    }
    // Each character with the glyph that drew it (spaces pdf.js put for gaps have none).
    const chars: Array<{ ch: string; glyph?: Glyph }> = [];
    for (const ch of run.str) {
      if (!ch.trim()) {
        chars.push({ ch });
        continue;
      }
      let at = -1;
      for (let k = next; k < Math.min(t3.glyphs.length, next + RESYNC); k++)
        if (t3.glyphs[k].unicode === ch) {
          at = k;
          break;
        }
      if (at < 0) {
        chars.push({ ch });
        continue;
      }
      chars.push({ ch, glyph: t3.glyphs[at] });
      next = at + 1;
    }
    out.push(...pieces(run, chars, t3));
  }
  return out;
}

function pieces(run: TextRun, chars: Array<{ ch: string; glyph?: Glyph }>, t3: Type3Page): TextRun[] {
  const spaces = chars.filter((c) => !c.glyph).length;
  const drawn = chars.reduce((sum, c) => sum + (c.glyph?.advance ?? 0), 0);
  const width = run.width ?? 0;
  const gap = spaces > 0 ? Math.max(0, width - drawn) / spaces : 0;
  const stretch = spaces > 0 || drawn <= 0 ? 1 : width / drawn;
  const groups: Array<{ font: string; chars: typeof chars; x: number; width: number }> = [];
  let x = 0;
  for (const c of chars) {
    const font = c.glyph?.font ?? groups[groups.length - 1]?.font ?? run.fontName ?? '';
    const advance = c.glyph ? c.glyph.advance * stretch : gap;
    let group = groups[groups.length - 1];
    if (!group || group.font !== font) {
      group = { font, chars: [], x, width: 0 };
      groups.push(group);
    }
    group.chars.push(c);
    group.width += advance;
    x += advance;
  }
  const [a, b, c, d, e, f] = run.transform ?? [1, 0, 0, 1, 0, 0];
  return groups.map((group) => {
    const tex = t3.fonts.get(group.font);
    const text = group.chars.map((ch) => (tex && ch.glyph ? type3Char(tex.encoding, ch.glyph.code) : ch.ch)).join('');
    return {
      str: tex ? joinAccents(text) : text,
      transform: [a, b, c, d, e + group.x, f],
      width: group.width,
      fontName: group.font,
      read: Boolean(tex),
    };
  });
}
