import type { PdfLine } from '@server/ingest/pdf/pdf-types';

/**
 * A line of body text as the PDF reader hands it on: 10 pt Times in one column from x 72 to 400, on page 1 (geometry
 * written for the tests). `extra` sets anything else (page, size, margin, edges).
 */
export function pdfLine(text: string, y: number, extra: Partial<PdfLine> = {}): PdfLine {
  return { page: 1, column: 0, x0: 72, x1: 400, y, size: 10, font: 'Times', text, columnLeft: 72, columnRight: 400, ...extra };
}
