import { pageRangeText } from '@common/page-ranges';
import type { ReadingWarning } from '@server/core/document-model';
import type { PdfPage } from './pdf-types';

/** Page numbers as words: "page 3", "pages 3–7", "pages 2, 5 and 9–12" (the book page names them the same way). */
export const pageRanges = pageRangeText;

/**
 * What the user is told about pages with no readable text, one sentence per reason:
 * "pages 3–7 are images of text: no readable text"; and about readable pages with symbols that could not be read.
 * Pages in `pictured` are kept as pictures of the page (pdf-unread-pages.ts), and the sentence says so. Each warning
 * carries the pages it names.
 */
export function unreadableWarnings(pages: PdfPage[], pictured: ReadonlySet<number> = new Set()): ReadingWarning[] {
  const images = pages.filter((p) => p.unreadable === 'image').map((p) => p.number);
  const unmapped = pages.filter((p) => p.unreadable === 'unmapped').map((p) => p.number);
  const kept = (numbers: number[]) => numbers.length > 0 && numbers.every((n) => pictured.has(n));
  const out: ReadingWarning[] = [];
  if (images.length)
    out.push({
      message: `${pageRanges(images)} ${images.length > 1 ? 'are images' : 'is an image'} of text: no readable text`,
      pages: images,
    });
  if (unmapped.length)
    out.push({
      message: `${pageRanges(unmapped)} ${unmapped.length > 1 ? 'use fonts' : 'uses fonts'} without a text mapping: no readable text${
        kept(unmapped)
          ? `; ${unmapped.length > 1 ? 'they are' : 'it is'} kept as ${unmapped.length > 1 ? 'pictures of the pages' : 'a picture of the page'}`
          : ''
      }`,
      pages: unmapped,
    });
  const partly = pages.filter((p) => !p.unreadable && (p.unmappedGlyphs ?? 0) > 0).map((p) => p.number);
  if (partly.length)
    out.push({
      message: `${pageRanges(partly)}: some symbols are set in fonts without a text mapping (bitmap or damaged fonts) and could not be read; formulas there may be incomplete${
        kept(partly) ? `, so ${partly.length > 1 ? 'each page is' : 'the page is'} also kept as a picture after its text` : ''
      }`,
      pages: partly,
    });
  // Read, but by inference: the user is told how, so a wrong ligature can be found (pdf-null-glyph-words.ts).
  const inferred = pages.filter((p) => !p.unreadable && (p.inferredGlyphs ?? 0) > 0);
  if (inferred.length) {
    const count = inferred.reduce((n, p) => n + (p.inferredGlyphs ?? 0), 0);
    out.push({
      message: `${pageRanges(inferred.map((p) => p.number))}: ${count} ${count > 1 ? 'letters or ligatures ("ffi", "fi") the PDF leaves unnamed were' : 'letter or ligature ("ffi", "fi") the PDF leaves unnamed was'} read from the words the document spells out in full elsewhere`,
      pages: inferred.map((p) => p.number),
    });
  }
  const missing = pages.filter((p) => !p.unreadable && (p.missingGlyphs ?? 0) > 0);
  if (missing.length) {
    const count = missing.reduce((n, p) => n + (p.missingGlyphs ?? 0), 0);
    out.push({
      message: `${pageRanges(missing.map((p) => p.number))}: ${count} ${count > 1 ? 'characters are' : 'character is'} missing from the document's own fonts (the PDF prints ${count > 1 ? 'them' : 'it'} blank); the text shows \uFFFD in ${count > 1 ? 'their places' : 'its place'}`,
      pages: missing.map((p) => p.number),
    });
  }
  return out;
}
