import type { DocBlock } from '@server/core/document-model';
import type { PdfPage, PdfRegion } from './pdf-types';

/** A page whose text, or some of it, is set in fonts without a text mapping (a Type 3 bitmap font, a damaged encoding). */
export function hasUnreadText(page: PdfPage): boolean {
  return page.unreadable === 'unmapped' || (!page.unreadable && (page.unmappedGlyphs ?? 0) > 0);
}

/**
 * Each page whose text cannot all be read, kept as a picture of the whole page after the text that
 * could be read from it, with alt text saying what it is and why: the reader sees the symbols the
 * text layer lost. A scanned page (a picture of text) is recognized instead (ocr/).
 */
export function unreadPagePictures(pages: PdfPage[]): Array<{ block: DocBlock; region: PdfRegion }> {
  return pages
    .filter(hasUnreadText)
    .map((page) =>
      wholePage(
        page,
        page.unreadable === 'unmapped'
          ? `Page ${page.number} as printed: its text is set in fonts without a text mapping and could not be read as text.`
          : `Page ${page.number} as printed: some of its symbols are set in fonts without a text mapping and could not be read as text.`,
      ),
    );
}

/**
 * Scanned pages that recognition had no time left for (ocr/ocr-read.ts): each kept as a picture of
 * the whole page, with alt text saying so, rather than left out of the document.
 */
export function unreadScanPictures(pages: PdfPage[], numbers: readonly number[]): Array<{ block: DocBlock; region: PdfRegion }> {
  return pages
    .filter((page) => numbers.includes(page.number))
    .map((page) =>
      wholePage(page, `Page ${page.number} as scanned: a picture of text that was not read as text in the time recognition had.`),
    );
}

function wholePage(page: PdfPage, text: string): { block: DocBlock; region: PdfRegion } {
  return {
    block: { kind: 'figure', text, page: page.number },
    region: { kind: 'figure', page: page.number, x0: 0, y0: 0, x1: page.width, y1: page.height, text },
  };
}
