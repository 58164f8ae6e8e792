import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import { ExtractError } from '../extract-error';
import { pdfjsWorker } from './pdf-worker-thread';
import { pageMarks } from './pdf-graphics';
import { pageLinks } from './pdf-links';
import { isBoldFont, isItalicFont, isMathFont, mathChars } from './pdf-math';
import { endsWithPiece, joinPieceRuns, readTexGlyphs, texEncoding } from './tex-glyphs';
import { collectCodeReadChars, readBlankGlyphs, readCodeGlyphs } from './tex-code-glyphs';
import { placeAccent, trailingAccent } from './pdf-accents';
import { dropRepeatedArrows, isArrowFont, isArrowPiece, placeVectorArrows, type ArrowRun } from './pdf-vector-arrows';
import { type3Page, walkGlyphs, type Glyph, type Type3Page } from './pdf-type3-glyphs';
import { drawsCombiningMarks, placeCombiningMarks } from './pdf-combining-marks';
import { joinTurnedGroups, turnedGroups, turnUpsideDownRuns } from './pdf-rotated-text';
import { splitType3Runs, type TextRun } from './pdf-type3-runs';
import { nullGlyphNames, readNullGlyphs } from './pdf-null-glyphs';
import { actualTextByCode } from './pdf-actual-text';
import { NamelessGlyphs, readNamelessGlyphs } from './pdf-null-glyph-words';
import type { PdfItem, PdfMark, PdfOutlineEntry, PdfPage, PdfRaw, UnreadablePage } from './pdf-types';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// pdfjs in Node wants directory URLs with a trailing slash for its data files.
const dataUrl = (dir: string) => `${pathToFileURL(path.join(pdfjsRoot, dir)).href}/`;

/** Typewriter faces by name: TeX's (cmtt, Latin Modern Mono, TeX Gyre Cursor) and common program fonts. */
const typewriterFont =
  /^(?:cmtt|cmsltt|cmitt|lmmono|lmtt|rm-lmtt|sfmono|txtt|pcrr|qcrr|beramono|inconsolata|couriernew|courier|consolas|menlo|dejavusansmono|sourcecodepro|firamono|firacode|jetbrainsmono|lucidaconsole)/i;

/** Bold math faces: TeX's bold math italic and symbols (\boldsymbol, \bm), Latin Modern's bold math. */
const boldMathFont = /^(?:cmmib|cmbsy|lmmib|lmbsy)|-bold|bold$/i;

/**
 * A run of single glyphs with a space between each ("u i n t 8", "s [ 0 ] ;"): pdf.js puts a space
 * where a listing places each glyph of a word on its own. When the run is too narrow to hold those
 * spaces (under 0.36 em a character, spaces counted; a glyph alone is about half an em), they are
 * not in the text: "uint8", "s[0];".
 */
export function withoutLetterSpacing(text: string, width: number, size: number): string {
  // Spaced dots ("x1, . . . , xn") are an ellipsis as typeset: only runs with letters or digits are words.
  if (!/^\S(?: \S){2,}$/.test(text) || width <= 0 || size <= 0 || (text.match(/[\p{L}\p{N}]/gu) ?? []).length < 2) return text;
  return width / text.length < 0.36 * size ? text.replace(/ /g, '') : text;
}

/**
 * A lone unnamed glyph marks its place only inside a word: drawn right after the run before it, on its line and in its
 * type (a browser's ligature, "A" + ffi + "cher"). Alone at a line's start or larger than the text (an icon set beside
 * a remark box) it is left out as before; the page is named in the reading warning either way.
 */
function loneMarkInWord(text: string, prev: PdfItem | undefined, x: number, y: number, size: number): string {
  if (text.trim() !== '\uFFFD' && !/^[\u{F0000}-\u{FFFFD}]$/u.test(text.trim())) return text;
  const inWord =
    prev !== undefined &&
    Math.abs(y - prev.y) < 0.3 * prev.size &&
    x >= prev.x + prev.width - 0.3 * prev.size &&
    x <= prev.x + prev.width + 0.3 * prev.size &&
    size <= 1.3 * prev.size;
  return inWord ? text : ' ';
}

/**
 * A run's readable text. Runs whose characters are mostly control codes come from fonts without a
 * Unicode map: `unreadable` counts a run dropped for that, `garbled` every control code lost. A control code in a run
 * kept is a glyph nothing reads (a ligature its font's map names U+0000): the replacement character marks its place,
 * so "A\uFFFDcher" shows a glyph is missing where a space would hide it ("A cher").
 */
export function readableText(str: string): { text: string; unreadable: number; garbled: number } {
  let control = 0;
  // A nameless glyph's placeholder (pdf-null-glyph-words.ts) is as unread as a control code until the words read it.
  for (const ch of str) if ((ch < ' ' && ch !== '\n') || /^[\u{F0000}-\u{FFFFD}]$/u.test(ch)) control++;
  const visible = str.replace(/\s/g, '').length;
  // A lone glyph mapped to U+0000 drawn as a run of its own (a browser's print of a ligature) is marked, not dropped.
  const lone = visible <= 2 && /^[\s\u0000\u{F0000}-\u{FFFFD}]+$/u.test(str);
  if (visible > 0 && control / visible > 0.3 && !lone) return { text: '', unreadable: visible, garbled: control };
  return { text: control ? str.replace(/[\u0000-\u0009\u000b-\u001f]/g, '\uFFFD') : str, unreadable: 0, garbled: control };
}

/**
 * A character the document's font has no glyph for: the PDF sets the font's .notdef glyph (printed blank) and its
 * ToUnicode map names it U+FFFF (xdvipdfmx does so for "x₀" in a typewriter font without "₀"). Nothing on the page
 * says which character it was, so the text shows the replacement character (U+FFFD) in its place and `missing`
 * counts it for the page's warning; a noncharacter never reaches the text.
 */
function withMissingGlyphs(text: string): { text: string; missing: number } {
  const missing = (text.match(notdefChars) ?? []).length;
  return missing ? { text: text.replace(notdefChars, '\uFFFD'), missing } : { text, missing };
}

const notdefChars = /[\uFFFE\uFFFF]/g;

export async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js parses in its own thread (pdf-worker-thread.ts), released when the document is destroyed.
  const thread = pdfjsWorker();
  try {
    const task = getDocument({
      data,
      worker: thread?.worker,
      verbosity: VerbosityLevel.ERRORS,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: dataUrl('standard_fonts'),
      cMapUrl: dataUrl('cmaps'),
      cMapPacked: true,
      wasmUrl: dataUrl('wasm'),
      // Font names (CMMI10, CambriaMath...) tell display math from prose.
      fontExtraProperties: true,
      // Images larger than this are not decoded (a 600 dpi scan of a poster); their page still reads.
      maxImageSize: 40_000_000,
    });
    if (thread) {
      const destroy = task.destroy.bind(task);
      task.destroy = () => destroy().finally(thread.release);
    }
    return await task.promise;
  } catch (err) {
    thread?.release();
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') throw new ExtractError('encrypted', 'encrypted');
    throw new ExtractError('corrupt', (err as Error).message);
  }
}

async function readOutline(doc: PDFDocumentProxy): Promise<PdfOutlineEntry[]> {
  const out: PdfOutlineEntry[] = [];
  try {
    const walk = (items: Array<{ title: string; items: unknown[] }>, depth: number) => {
      for (const item of items) {
        if (out.length > 2000) return;
        const title = String(item.title ?? '')
          .replace(/\s+/g, ' ')
          .trim();
        if (title) out.push({ title, depth });
        walk((item.items ?? []) as Array<{ title: string; items: unknown[] }>, depth + 1);
      }
    };
    walk(((await doc.getOutline()) ?? []) as Array<{ title: string; items: unknown[] }>, 0);
  } catch {
    // A damaged outline is not worth failing the document over.
  }
  return out;
}

const graphicsOps = {
  save: OPS.save,
  restore: OPS.restore,
  transform: OPS.transform,
  paintFormXObjectBegin: OPS.paintFormXObjectBegin,
  paintFormXObjectEnd: OPS.paintFormXObjectEnd,
  constructPath: OPS.constructPath,
  stroke: OPS.stroke,
  closeStroke: OPS.closeStroke,
  fill: OPS.fill,
  eoFill: OPS.eoFill,
  fillStroke: OPS.fillStroke,
  eoFillStroke: OPS.eoFillStroke,
  closeFillStroke: OPS.closeFillStroke,
  closeEOFillStroke: OPS.closeEOFillStroke,
  setFillRGBColor: OPS.setFillRGBColor,
  setFillGray: OPS.setFillGray,
  paintImageXObject: OPS.paintImageXObject,
  paintInlineImageXObject: OPS.paintInlineImageXObject,
  paintImageMaskXObject: OPS.paintImageMaskXObject,
  paintImageXObjectRepeat: OPS.paintImageXObjectRepeat,
  paintSolidColorImageMask: OPS.paintSolidColorImageMask,
  paintImageMaskXObjectGroup: OPS.paintImageMaskXObjectGroup,
  paintInlineImageXObjectGroup: OPS.paintInlineImageXObjectGroup,
  paintImageMaskXObjectRepeat: OPS.paintImageMaskXObjectRepeat,
  clip: OPS.clip,
  eoClip: OPS.eoClip,
};

/** The PDF's own name of a font ("ABCDEF+CMMI10"), known once the page's operator list has loaded it. */
function fontNameOf(page: PDFPageProxy, id: string, cache: Map<string, string>): string {
  let name = cache.get(id);
  if (name !== undefined) return name;
  name = '';
  try {
    if (page.commonObjs.has(id)) name = String((page.commonObjs.get(id) as { name?: unknown }).name ?? '');
  } catch {
    // A font that failed to load has no name; its text is still read.
  }
  cache.set(id, name);
  return name;
}

/** A page with no readable text says why: unmapped fonts, or a picture of text covering the page. */
function unreadableReason(readable: number, unreadable: number, marks: PdfMark[], area: number): UnreadablePage | undefined {
  if (unreadable >= 20 && unreadable > readable) return 'unmapped';
  if (readable >= 20) return undefined;
  const pictured = marks.filter((m) => m.kind === 'image').reduce((sum, m) => sum + Math.max(0, m.x1 - m.x0) * Math.max(0, m.y1 - m.y0), 0);
  return pictured >= area * 0.3 ? 'image' : undefined;
}

/** A page with its drawing, text and annotations asked of pdf.js: the next pages are asked for while this one is read. */
interface RequestedPage {
  page: PDFPageProxy;
  ops: ReturnType<PDFPageProxy['getOperatorList']>;
  text: ReturnType<PDFPageProxy['getTextContent']>;
  annotations: ReturnType<PDFPageProxy['getAnnotations']>;
}

/** Pages asked for ahead of the one being read, so pdf.js (in its own thread) parses them meanwhile. */
const pagesAhead = 2;

async function requestPage(doc: PDFDocumentProxy, n: number): Promise<RequestedPage | undefined> {
  let page;
  try {
    page = await doc.getPage(n);
  } catch {
    return undefined;
  }
  const ops = page.getOperatorList();
  const text = page.getTextContent();
  // Failures are read where each is awaited; until then they are not unhandled.
  ops.catch(() => undefined);
  text.catch(() => undefined);
  return { page, ops, text, annotations: page.getAnnotations().catch(() => []) };
}

/** Reads one page: its text runs (with font names and math), its painted shapes, and whether its text is readable. */
async function readPage(
  { page, ops: opsAsked, text: textAsked, annotations }: RequestedPage,
  fontNames: Map<string, string>,
  codeRead: Map<string, Set<string>>,
  nameless?: NamelessGlyphs,
  actualText?: () => Promise<ReadonlyMap<string, string>>,
): Promise<{ page: PdfPage; unreadable: number }> {
  const [x0, y0, x1, y1] = page.view;
  let marks: PdfMark[] = [];
  let type3: Type3Page | undefined;
  let glyphs: Glyph[] | undefined;
  let blank = new Set<string>();
  let blankGlyphs: Glyph[] | undefined;
  let nullNames = new Map<string, Array<string | undefined>>();
  try {
    const ops = await opsAsked;
    marks = pageMarks(ops.fnArray, ops.argsArray, graphicsOps, { x: x0, y: y0 });
    // TeX's Type 3 bitmap fonts are read glyph by glyph (pdf-type3-runs.ts).
    type3 = type3Page(page, ops.fnArray, ops.argsArray as unknown[][], fontNames);
    // Glyphs pdf.js gives as their own codes in TeX's fonts are read through the font's encoding (tex-code-glyphs.ts).
    blank = collectCodeReadChars(ops.fnArray, ops.argsArray as unknown[][], (id) => fontNameOf(page, id, fontNames), codeRead);
    // Those it read as white space (CMR's "ff" at code 11) are read by where they are drawn (Type 3 fonts' are read with
    // all their glyphs, pdf-type3-runs.ts).
    for (const id of type3?.fonts.keys() ?? []) blank.delete(id);
    // Glyphs a ToUnicode map names U+0000 are read by the names their font gives them (pdf-null-glyphs.ts).
    const fontOf = (id: string) => (page.commonObjs.has(id) ? page.commonObjs.get(id) : undefined);
    nullNames = nullGlyphNames(ops.fnArray, ops.argsArray as unknown[][], fontOf, nameless);
    // The first page with nameless glyphs has the file's ActualText read for them (pdf-actual-text.ts), and reads again.
    if (nameless?.size && !nameless.actualText && actualText) {
      nameless.actualText = await actualText();
      if (nameless.actualText.size) nullNames = nullGlyphNames(ops.fnArray, ops.argsArray as unknown[][], fontOf, nameless);
    }
    if (blank.size) blankGlyphs = walkGlyphs(page, ops.fnArray, ops.argsArray as unknown[][], () => true).glyphs;
    // Combining accents drawn as glyphs of their own are placed on their letters by where they are drawn.
    if (drawsCombiningMarks(ops.fnArray, ops.argsArray as unknown[][]))
      glyphs = walkGlyphs(page, ops.fnArray, ops.argsArray as unknown[][], () => true).glyphs;
  } catch {
    // Without its drawing, the page's text is still read (no figures found on it).
  }
  const items: PdfItem[] = [];
  const arrows: ArrowRun[] = [];
  const rotated: NonNullable<PdfPage['rotated']> = [];
  const pieces: NonNullable<PdfPage['pieces']> = [];
  let readable = 0;
  let unreadable = 0;
  let garbled = 0;
  let missingGlyphs = 0;
  try {
    const content = await textAsked;
    const styles = content.styles as Record<string, { fontFamily?: string }>;
    // Text printed upside down (answers under exercises) is read the right way up where it stands (pdf-rotated-text.ts).
    const turned = turnedGroups(content.items as TextRun[]);
    let runs = turnUpsideDownRuns(content.items as TextRun[]);
    const turnedOf = new Map((content.items as TextRun[]).map((r, k) => [runs[k], turned.get(r)]));
    runs = readNullGlyphs(runs, nullNames);
    if (blankGlyphs) runs = readBlankGlyphs(runs, blankGlyphs, blank, (id) => fontNameOf(page, id, fontNames));
    for (const raw of type3 ? splitType3Runs(runs, type3) : runs) {
      if (!raw.str || !raw.transform) continue;
      const [a, b, c, d, e, f] = raw.transform;
      // Rotated runs are margin stamps (arXiv ids, line numbers) or figure labels; they are not part of the reading flow.
      if (Math.abs(b) > 0.01 * Math.abs(a) || Math.abs(c) > 0.01 * Math.abs(d) || a <= 0) {
        const size = Math.hypot(c, d) || Math.hypot(a, b);
        const run = Math.hypot(a, b) || 1;
        const [ux, uy] = [a / run, b / run];
        const length = raw.width ?? 0;
        const xs = [e, e + ux * length, e - uy * size, e + ux * length - uy * size];
        const ys = [f, f + uy * length, f + ux * size, f + uy * length + ux * size];
        if (rotated.length < 2000)
          rotated.push({ x0: Math.min(...xs) - x0, y0: Math.min(...ys) - y0, x1: Math.max(...xs) - x0, y1: Math.max(...ys) - y0 });
        continue;
      }
      const fontName = fontNameOf(page, raw.fontName ?? '', fontNames);
      // TeX's math fonts are read by their own encodings before anything judges the characters (tex-glyphs.ts).
      const {
        text: mapped,
        unreadable: lost,
        garbled: codes,
      } = readableText(raw.read ? raw.str : readTexGlyphs(readCodeGlyphs(raw.str, fontName, codeRead.get(raw.fontName ?? '')), fontName));
      garbled += codes;
      const { text: read, missing } = withMissingGlyphs(
        loneMarkInWord(mapped, items[items.length - 1], e - x0, f - y0, Math.abs(d) || Math.abs(a)),
      );
      missingGlyphs += missing;
      let text = withoutLetterSpacing(read, raw.width ?? 0, Math.abs(d) || Math.abs(a));
      unreadable += lost;
      const prev = items[items.length - 1];
      if (prev && endsWithPiece(prev.str) && !text.trim()) continue;
      if (prev && text.trim()) {
        // A negation slash or maps-to piece (or \notin's slash) set over the next glyph: the two read as one symbol.
        const sameLine = Math.abs(f - y0 - prev.y) < 0.3 * prev.size;
        const near = sameLine && e - x0 <= prev.x + prev.width + 0.3 * prev.size;
        const overlaps = sameLine && e - x0 < prev.x + prev.width - 0.1 * prev.size && (prev.math ?? 0) > 0;
        const joined = near ? joinPieceRuns(prev.str.trimEnd(), text.trimStart(), overlaps) : undefined;
        if (joined) {
          prev.str = joined.before;
          // The slash TeX overlays on ∈ is gone: the run before ends where the negated relation starts.
          if (overlaps) prev.width = Math.max(0, e - x0 - prev.x);
          text = joined.after;
          if (!prev.str.trim()) items.pop();
        }
      }
      if (prev && text.trim() && trailingAccent(prev.str)) {
        // An accent TeX set back over the next letter (no T1 fonts: "probl`" + "eme"): the letter takes it (pdf-accents.ts).
        const overlaps = Math.abs(f - y0 - prev.y) < 0.5 * prev.size && e - x0 < prev.x + prev.width - 0.1 * prev.size;
        const placed = overlaps ? placeAccent(prev.str, text) : undefined;
        if (placed) {
          prev.str = placed.before;
          prev.width = Math.max(0, e - x0 - prev.x);
          text = placed.after;
          if (!prev.str.trim()) items.pop();
        }
      }
      if (prev && endsWithPiece(prev.str)) prev.str = prev.str.slice(0, -1);
      if (prev && !prev.str.trim() && items[items.length - 1] === prev) items.pop();
      // A piece of a tall bracket, parenthesis or brace of TeX's extension font (codes "0" to "C") has no character: where it
      // stood is kept (PdfPage.pieces).
      if (!text.trim() && /^[0-9:;<=>?@A-C]+$/.test(raw.str.trim()) && texEncoding(fontName) === 'omx' && pieces.length < 2000)
        pieces.push({ x0: e - x0, x1: e - x0 + (raw.width ?? 0), y: f - y0 });
      if (!text.trim()) continue;
      readable += text.replace(/\s/g, '').length;
      const size = Math.abs(d) || Math.abs(a);
      // An arrow drawn over a formula (\vv, \overrightarrow) is placed on its letters once the page is read.
      if (isArrowFont(fontName)) {
        arrows.push({ x: e - x0, y: f - y0, width: raw.width ?? 0, size });
        continue;
      }
      // TeX sets a text-size sum or integral (1 em tall, centred on the math axis) with its top about 0.75 em above the baseline.
      const hangs = texEncoding(fontName) === 'omx' || undefined;
      items.push({
        str: text,
        x: e - x0,
        y: f - y0 - (hangs ? 0.75 * size : 0),
        hangs,
        width: raw.width ?? 0,
        size,
        font: raw.fontName ?? '',
        // pdf.js flags a fixed-pitch font by its descriptor; TeX's typewriter fonts (cmtt, Latin Modern Mono) often lack the flag.
        mono:
          raw.mono ?? (styles[raw.fontName ?? '']?.fontFamily === 'monospace' || typewriterFont.test(fontName.replace(/^[A-Z]{6}\+/, ''))),
        math: mathChars(text, fontName),
        bold: isBoldFont(fontName) || undefined,
        boldMath: (isMathFont(fontName) && boldMathFont.test(fontName.replace(/^[A-Z]{6}\+/, ''))) || undefined,
        italic: isItalicFont(fontName) || undefined,
        turned: turnedOf.get(raw),
      });
      const item = items[items.length - 1];
      if (isArrowPiece(item.str, item.math ?? 0)) arrows.push({ x: item.x, y: item.y, width: item.width, size, item });
    }
  } catch {
    // One unreadable page does not spoil the rest.
  }
  if (glyphs) placeCombiningMarks(items, glyphs, { x: x0, y: y0 });
  placeVectorArrows(items, arrows);
  dropRepeatedArrows(items);
  const read = joinTurnedGroups(items);
  items.splice(0, items.length, ...read);
  const last = items[items.length - 1];
  if (last && endsWithPiece(last.str)) last.str = last.str.slice(0, -1);
  if (last && !last.str.trim()) items.pop();
  const width = x1 - x0;
  const height = y1 - y0;
  const reason = unreadableReason(readable, unreadable, marks, width * height);
  // Link annotations (a damaged annotation list costs the links only).
  const links = reason ? [] : pageLinks(await annotations, items, { x: x0, y: y0 });
  return {
    page: {
      number: page.pageNumber,
      width,
      height,
      items: reason ? [] : items,
      marks,
      rotated,
      pieces: pieces.length ? pieces : undefined,
      unreadable: reason,
      unmappedGlyphs: !reason && garbled > 0 ? garbled : undefined,
      missingGlyphs: !reason && missingGlyphs > 0 ? missingGlyphs : undefined,
      links,
    },
    unreadable,
  };
}

/**
 * Reads every page's text runs and painted shapes with pdfjs. Broken pages are skipped; a broken
 * document is an ExtractError. The document stays open for rendering figures: the caller closes it.
 */
export async function readPdf(data: Uint8Array): Promise<{ raw: PdfRaw; doc: PDFDocumentProxy }> {
  const doc = await openPdf(data);
  try {
    let pages: PdfPage[] = [];
    let unreadableChars = 0;
    const fontNames = new Map<string, string>();
    const codeRead = new Map<string, Set<string>>();
    const nameless = new NamelessGlyphs();
    // Read from the file only for a document with nameless glyphs; a file pdf.js can no longer give reads as having none.
    const actualText = () =>
      doc.getData().then(
        (bytes) => actualTextByCode(bytes),
        () => new Map<string, string>(),
      );
    const asked: Array<Promise<RequestedPage | undefined>> = [];
    for (let n = 1; n <= Math.min(doc.numPages, pagesAhead + 1); n++) asked.push(requestPage(doc, n));
    for (let n = 1; n <= doc.numPages; n++) {
      const requested = await asked.shift();
      if (n + pagesAhead + 1 <= doc.numPages) asked.push(requestPage(doc, n + pagesAhead + 1));
      if (!requested) continue;
      const read = await readPage(requested, fontNames, codeRead, nameless, actualText);
      unreadableChars += read.unreadable;
      requested.page.cleanup();
      pages.push(read.page);
    }
    pages = readNamelessGlyphs(pages, nameless);
    const outline = await readOutline(doc);
    let metaTitle: string | undefined;
    try {
      const meta = await doc.getMetadata();
      const title = (meta.info as { Title?: unknown } | undefined)?.Title;
      if (typeof title === 'string' && title.trim()) metaTitle = title.trim();
    } catch {
      // Metadata is optional.
    }
    return { raw: { pages, outline, metaTitle, unreadableChars }, doc };
  } catch (err) {
    await doc.loadingTask.destroy();
    throw err;
  }
}
