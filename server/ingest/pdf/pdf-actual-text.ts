/**
 * The text a PDF gives its glyphs in marked content: `/Span <</ActualText (1)>> BDC <05AB> Tj EMC`. A browser printing a
 * page to PDF maps the glyphs it cannot trace back to a character (old-style figures, ligatures, contextual letters) to
 * U+0000 in the font's ToUnicode map and writes the characters beside them as ActualText; pdf.js drops ActualText from
 * the text it gives, so "1.1. Charger…" read ".\u0000.". This reads the content streams of the file itself for spans
 * that draw one glyph, and gives each glyph code the text every such span gives it (pdf-null-glyph-words.ts reads the
 * nameless glyphs by it before the document's words).
 */
import { constants, inflateSync } from 'node:zlib';

/** Limits against a compression bomb: one stream's inflated size, and all streams' together. */
const streamLimit = 16 * 1024 * 1024;
const totalLimit = 128 * 1024 * 1024;

/** A stream's dictionary names a picture or a font program: no text is drawn in it. */
const notContent = /\/Subtype\s*\/(?:Image|Type1C|CIDFontType0C|OpenType)\b|\/Length[123]\b/;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The decoded content of each Flate stream of the file that may draw text, within the limits. */
function contentStreams(file: Uint8Array): string[] {
  const text = latin1(file);
  const out: string[] = [];
  let total = 0;
  const keyword = /\bstream\r?\n/g;
  for (let m = keyword.exec(text); m; m = keyword.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    keyword.lastIndex = end + 9;
    // The stream's dictionary: the text since the object began (a stream is never inside an object stream).
    const dict = text.slice(Math.max(0, text.lastIndexOf(' obj', m.index)), m.index);
    if (notContent.test(dict) || /\/DecodeParms\b/.test(dict)) continue;
    const filters = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1].match(/\/\w+/g);
    // Unfiltered, or deflated alone (what browsers and TeX write); another filter's text is left unread.
    if (filters && (filters.length !== 1 || filters[0] !== '/FlateDecode')) continue;
    let inflated: Buffer;
    try {
      inflated = filters
        ? inflateSync(file.subarray(start, end), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: streamLimit })
        : Buffer.from(file.subarray(start, end));
    } catch {
      continue;
    }
    total += inflated.length;
    if (total > totalLimit) break;
    const content = inflated.toString('latin1');
    if (content.includes('ActualText')) out.push(content);
  }
  return out;
}

/** A PDF string's bytes: a literal `(…)` with its escapes, or hex `<…>`. */
function stringBytes(token: string): number[] {
  if (token.startsWith('<')) {
    const hex = token.slice(1, -1).replace(/\s+/g, '');
    const padded = hex.length % 2 ? `${hex}0` : hex;
    return (padded.match(/../g) ?? []).map((h) => parseInt(h, 16));
  }
  const out: number[] = [];
  const body = token.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      out.push(c.charCodeAt(0));
      continue;
    }
    const n = body[++i];
    const octal = /^[0-7]{1,3}/.exec(body.slice(i));
    if (octal) {
      out.push(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length - 1;
    } else if (n === '\r' || n === '\n') {
      if (n === '\r' && body[i + 1] === '\n') i++;
    } else out.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[n] ?? n.charCodeAt(0));
  }
  return out;
}

/** A text string's characters: UTF-16BE after its byte-order mark, else PDFDocEncoding (Latin-1 for the letters). */
function textOf(bytes: number[]): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let s = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
    return s;
  }
  return String.fromCharCode(...bytes);
}

const stringToken = String.raw`\((?:\\[\s\S]|[^\\)])*\)|<[0-9A-Fa-f\s]*>`;
const span = new RegExp(String.raw`/ActualText\s*(${stringToken})\s*>>\s*BDC([\s\S]*?)\bEMC\b`, 'g');
const shown = new RegExp(String.raw`(${stringToken})\s*(?:Tj|'|")|\[((?:${stringToken}|[-+\d.\s])*)\]\s*TJ`, 'g');
const strings = new RegExp(stringToken, 'g');

/** A composite font's glyph code as a key of `actualTextByCode`: its two bytes (Identity-H) in hex. */
export const codeKey = (code: number) => code.toString(16).padStart(4, '0');

/**
 * The ActualText of each glyph the file draws alone in a span, by its bytes in hex ("05ab" -> "1"); a glyph given two
 * different texts (two fonts drawing the same code) is left out.
 */
export function actualTextByCode(file: Uint8Array): Map<string, string> {
  const seen = new Map<string, string | null>();
  for (const content of contentStreams(file)) {
    for (const m of content.matchAll(span)) {
      const text = textOf(stringBytes(m[1])).replace(/\u0000/g, '');
      const drawn = [...m[2].matchAll(shown)].flatMap((s) => (s[1] ? [s[1]] : (s[2].match(strings) ?? [])));
      if (drawn.length !== 1 || !text || /[\u0001-\u001f]/.test(text)) continue;
      const bytes = stringBytes(drawn[0]);
      if (bytes.length === 0 || bytes.length > 2) continue;
      const key = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
      const before = seen.get(key);
      seen.set(key, before === undefined || before === text ? text : null);
    }
  }
  const out = new Map<string, string>();
  for (const [key, text] of seen) if (text !== null) out.set(key, text);
  return out;
}
