/**
 * Glyphs a font's ToUnicode map names U+0000. A browser printing a notebook to PDF writes such entries for the glyphs it
 * cannot trace back to a character (ligatures, old-style figures), and pdf.js reads them as "\u0000": "Afficher" read
 * "A cher". Where the font itself names the glyph (a simple font's encoding: its /Differences or its own built-in
 * names, "ffi", "one", "f_f_i", "uniFB03"), the name gives the characters, read by the Adobe Glyph List's rules. A
 * composite (Identity-H) font gives pdf.js no names: its glyphs are read from the document's words
 * (pdf-null-glyph-words.ts), or stay unread, and the page reader marks them.
 */
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { NamelessGlyphs } from './pdf-null-glyph-words';
import type { TextRun } from './pdf-type3-runs';

/** What pdf.js gives of a loaded font (`fontExtraProperties`): the names its codes carry. */
interface FontNames {
  composite?: boolean;
  /** The /Differences names by code: a Map as pdf.js hands it over (an array in older versions). */
  differences?: Map<number, unknown> | unknown[];
  defaultEncoding?: unknown[];
}

/** Ligatures and figures by their glyph names, and the ASCII names a text font's encoding holds. */
const named: Record<string, string> = {
  ff: 'ff',
  fi: 'fi',
  fl: 'fl',
  ffi: 'ffi',
  ffl: 'ffl',
  ft: 'ft',
  st: 'st',
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  space: ' ',
  period: '.',
  comma: ',',
  colon: ':',
  semicolon: ';',
  hyphen: '-',
  exclam: '!',
  question: '?',
  parenleft: '(',
  parenright: ')',
  bracketleft: '[',
  bracketright: ']',
  slash: '/',
  percent: '%',
  plus: '+',
  equal: '=',
  quotesingle: "'",
  quoteright: '\u2019',
  quoteleft: '\u2018',
  quotedblleft: '\u201C',
  quotedblright: '\u201D',
  endash: '\u2013',
  emdash: '\u2014',
};

/**
 * The characters a glyph name stands for, by the Adobe Glyph List's rules: a suffix after a period is dropped
 * ("one.oldstyle"), components joined by "_" are read one by one ("f_f_i"), "uniXXXX" and "uXXXX" give their code
 * points; undefined where a component has no reading (the caller then keeps the glyph unread).
 */
export function glyphNameChars(name: string): string | undefined {
  const base = name.split('.')[0];
  if (!base) return undefined;
  let out = '';
  for (const part of base.split('_')) {
    const uni = /^uni((?:[0-9A-F]{4})+)$/.exec(part);
    const u = /^u([0-9A-F]{4,6})$/.exec(part);
    let chars: string | undefined;
    if (uni) chars = String.fromCodePoint(...uni[1].match(/.{4}/g)!.map((h) => parseInt(h, 16)));
    else if (u) chars = String.fromCodePoint(parseInt(u[1], 16));
    else if (/^[A-Za-z]$/.test(part)) chars = part;
    else chars = Object.hasOwn(named, part) ? named[part] : undefined;
    // A name standing for a control code or a ligature's presentation form reads as the letters the text holds.
    if (chars === undefined || /[\u0000-\u001f]/.test(chars)) return undefined;
    out += chars.normalize('NFKC');
  }
  return out || undefined;
}

/** A simple font's name for a code: its /Differences entry, else its base or built-in encoding's. */
function nameOf(font: FontNames, code: number): unknown {
  const { differences: d } = font;
  return (d instanceof Map ? d.get(code) : d?.[code]) || font.defaultEncoding?.[code];
}

const showOps = new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);

/**
 * The glyphs of the page's operator list that pdf.js read as U+0000, font by font (`fontOf` gives a font id's loaded
 * font), each with the characters its name gives (undefined where it has none), in the order they are drawn.
 */
export function nullGlyphNames(
  fnArray: number[],
  argsArray: unknown[][],
  fontOf: (id: string) => FontNames | undefined,
  nameless?: NamelessGlyphs,
): Map<string, Array<string | undefined>> {
  const out = new Map<string, Array<string | undefined>>();
  const fonts = new Map<string, FontNames | undefined>();
  let font: string | undefined;
  const stack: Array<string | undefined> = [];
  for (let i = 0; i < fnArray.length; i++) {
    const op = fnArray[i];
    if (op === OPS.save) stack.push(font);
    else if (op === OPS.restore) font = stack.pop() ?? font;
    else if (op === OPS.setFont) {
      font = String((argsArray[i] ?? [])[0]);
      if (!fonts.has(font)) fonts.set(font, fontOf(font));
    } else if (font && showOps.has(op)) {
      const shown = (argsArray[i] ?? [])[op === OPS.nextLineSetSpacingShowText ? 2 : 0];
      if (!Array.isArray(shown)) continue;
      for (const g of shown as unknown[]) {
        if (!g || typeof g !== 'object') continue;
        const { originalCharCode: code, unicode } = g as { originalCharCode?: unknown; unicode?: unknown };
        if (unicode !== '\u0000') continue;
        const names = fonts.get(font);
        const name = names && !names.composite && typeof code === 'number' ? nameOf(names, code) : undefined;
        const list = out.get(font) ?? [];
        const chars = typeof name === 'string' ? glyphNameChars(name) : undefined;
        // A composite font's glyph (no names at all) is read by the file's ActualText for it, else holds its place as the
        // document's placeholder for it, read from the words later; a simple font's code is left to the readers of TeX's
        // encodings (a tall delimiter's piece).
        list.push(chars ?? (nameless && names?.composite && typeof code === 'number' ? nameless.read(font, code) : undefined));
        out.set(font, list);
      }
    }
  }
  return out;
}

/**
 * The runs with each U+0000 of a font read by its glyph's name, in drawing order. A font's runs are read only when they
 * hold as many U+0000 as the operator list drew glyphs (else which glyph is which is unknown and the runs are left as they
 * are); a glyph without a name stays U+0000.
 */
export function readNullGlyphs(runs: TextRun[], names: Map<string, Array<string | undefined>>): TextRun[] {
  if (!names.size) return runs;
  const counts = new Map<string, number>();
  for (const run of runs) {
    if (!run.fontName || !run.str?.includes('\u0000')) continue;
    counts.set(run.fontName, (counts.get(run.fontName) ?? 0) + (run.str.match(/\u0000/g) ?? []).length);
  }
  const next = new Map<string, number>();
  return runs.map((run) => {
    const list = run.fontName ? names.get(run.fontName) : undefined;
    if (!list || !run.str?.includes('\u0000') || counts.get(run.fontName!) !== list.length) return run;
    let at = next.get(run.fontName!) ?? 0;
    const str = run.str.replace(/\u0000/g, () => list[at++] ?? '\u0000');
    next.set(run.fontName!, at);
    return str === run.str ? run : { ...run, str };
  });
}
