import { openPdf } from './pdf-read';

/** Pages are drawn at about 110 dpi: readable on a screen, a few hundred kilobytes as PNG. */
const scale = 110 / 72;
/** A poster-sized page is drawn smaller rather than at a size no screen shows. */
const maxPixels = 6_000_000;

export type PagePicture =
  | { ok: true; png: Uint8Array; width: number; height: number }
  | { ok: false; reason: 'no-page' | 'no-renderer' | 'unreadable'; pageCount?: number };

interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): unknown;
  toBuffer(mime: 'image/png'): Buffer;
}

/**
 * One page of a PDF as a PNG, drawn with pdf.js on @napi-rs/canvas (as pdf-render.ts draws figures).
 * `page` is 1-based. Nothing is kept: the document is opened, drawn and closed per call.
 */
export async function renderPagePicture(data: Uint8Array, page: number): Promise<PagePicture> {
  let canvasLib: { createCanvas(width: number, height: number): CanvasLike };
  try {
    canvasLib = (await import('@napi-rs/canvas')) as unknown as typeof canvasLib;
  } catch {
    return { ok: false, reason: 'no-renderer' };
  }
  let doc: Awaited<ReturnType<typeof openPdf>>;
  try {
    // pdf.js may take the buffer over: it gets a copy.
    doc = await openPdf(data.slice());
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    if (!Number.isInteger(page) || page < 1 || page > doc.numPages) return { ok: false, reason: 'no-page', pageCount: doc.numPages };
    const pdfPage = await doc.getPage(page);
    const unit = pdfPage.getViewport({ scale: 1 });
    const fit = Math.min(scale, Math.sqrt(maxPixels / Math.max(1, unit.width * unit.height)));
    const viewport = pdfPage.getViewport({ scale: fit });
    const canvas = canvasLib.createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
    await pdfPage.render({ canvas: canvas as never, canvasContext: canvas.getContext('2d') as never, viewport, background: 'white' })
      .promise;
    const png = new Uint8Array(canvas.toBuffer('image/png'));
    pdfPage.cleanup();
    return { ok: true, png, width: canvas.width, height: canvas.height };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    await doc.loadingTask.destroy();
  }
}
