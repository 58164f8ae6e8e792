import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import type { ScanPage } from './ocr-read';

/** Scans are recognized at 300 dpi (tesseract's best size for printed text)... */
const dpi = 300;
/** ...unless the page is so large (a poster) that it would pass this many pixels. */
const maxPixels = 40_000_000;

interface CanvasModule {
  createCanvas(
    width: number,
    height: number,
  ): { width: number; height: number; getContext(kind: '2d'): unknown; toBuffer(mime: 'image/png'): Buffer };
}

/**
 * The PDF's scanned pages as pages to recognize: each drawn with pdf.js on @napi-rs/canvas (as
 * pdf-render.ts draws figures) when its turn comes. Undefined when the server has no canvas.
 */
export async function pdfScanPages(doc: PDFDocumentProxy, numbers: number[]): Promise<ScanPage[] | undefined> {
  let canvasLib: CanvasModule;
  try {
    canvasLib = (await import('@napi-rs/canvas')) as unknown as CanvasModule;
  } catch {
    return undefined;
  }
  return numbers.map((number) => ({
    number,
    draw: async () => {
      const page = await doc.getPage(number);
      try {
        const unit = page.getViewport({ scale: 1 });
        const scale = Math.min(dpi / 72, Math.sqrt(maxPixels / Math.max(1, unit.width * unit.height)));
        const viewport = page.getViewport({ scale });
        const canvas = canvasLib.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
        await page.render({ canvas: canvas as never, canvasContext: canvas.getContext('2d') as never, viewport, background: 'white' })
          .promise;
        return { image: canvas.toBuffer('image/png'), width: canvas.width, height: canvas.height };
      } finally {
        page.cleanup();
      }
    },
  }));
}
