import { createHash } from 'node:crypto';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import type { ExtractedImage, ReadingWarning } from '@server/core/document-model';
import { pageRanges } from './pdf-pages';
import type { PdfRegion } from './pdf-types';

/**
 * Bounds on drawing one file's figures (README.md, "Limits"): pages drawn, pixels per picture and
 * in all, and time. Past a bound the remaining pictures are not drawn; their captions and text
 * are kept and the document says so in a warning.
 */
export interface RenderLimits {
  maxPages: number;
  maxRegionPixels: number;
  maxTotalPixels: number;
  maxMs: number;
}

export const defaultRenderLimits: RenderLimits = {
  maxPages: 400,
  maxRegionPixels: 4_000_000,
  maxTotalPixels: 250_000_000,
  maxMs: 45_000,
};

/**
 * Figures and tables are drawn at 144 dpi (sharp on high-density screens); equations at 108 dpi,
 * which makes their glyphs about the size of the editor's text, since images show at their pixel size.
 */
const scaleFor = (kind: PdfRegion['kind']) => (kind === 'equation' ? 1.5 : 2);

export interface RenderOutcome {
  images: Map<PdfRegion, ExtractedImage>;
  /** Regions not drawn, with their pages. */
  warnings: ReadingWarning[];
  /** Time spent drawing and encoding, and the pictures made: the ingest benchmark's figures per second. */
  ms: number;
}

interface CanvasModule {
  createCanvas(width: number, height: number): NapiCanvas;
}

interface NapiCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    drawImage(...args: unknown[]): void;
    fillStyle: unknown;
    fillRect(x: number, y: number, w: number, h: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
  };
  toBuffer(mime: 'image/png'): Buffer;
}

async function loadCanvas(): Promise<CanvasModule | undefined> {
  try {
    return (await import('@napi-rs/canvas')) as unknown as CanvasModule;
  } catch {
    return undefined;
  }
}

/**
 * Paints a region's masks (PdfRegion.masks) on its picture, drawn at `scale` with the region's box
 * at its origin, in the colour just left of each mask (a display's shaded box stays shaded).
 */
function paintMasks(canvas: NapiCanvas, region: PdfRegion, scale: number): NapiCanvas {
  if (!region.masks?.length) return canvas;
  const ctx = canvas.getContext('2d');
  for (const m of region.masks) {
    const [x, y, w, h] = [(m.x0 - region.x0) * scale, (region.y1 - m.y1) * scale, (m.x1 - m.x0) * scale, (m.y1 - m.y0) * scale];
    const sx = Math.round(x - 2);
    const sy = Math.round(Math.min(canvas.height - 1, Math.max(0, y + h / 2)));
    const [r, g, b] = sx >= 0 && sx < canvas.width ? Array.from(ctx.getImageData(sx, sy, 1, 1).data) : [255, 255, 255];
    ctx.fillStyle = `rgb(${r}, ${g}, ${b})`;
    ctx.fillRect(x, y, w, h);
  }
  return canvas;
}

function toImage(canvas: NapiCanvas): ExtractedImage {
  const data = new Uint8Array(canvas.toBuffer('image/png'));
  return { sha256: createHash('sha256').update(data).digest('hex'), mime: 'image/png', width: canvas.width, height: canvas.height, data };
}

/** Draws a box of a page (PDF points, y up, from the page's view origin) at `scale` onto a canvas of its size. */
async function drawBox(
  canvasLib: CanvasModule,
  page: PDFPageProxy,
  box: { x0: number; y0: number; x1: number; y1: number },
  scale: number,
): Promise<NapiCanvas> {
  const full = page.getViewport({ scale: 1, rotation: 0 });
  const width = Math.max(1, Math.ceil((box.x1 - box.x0) * scale));
  const height = Math.max(1, Math.ceil((box.y1 - box.y0) * scale));
  const canvas = canvasLib.createCanvas(width, height);
  const viewport = page.getViewport({ scale, rotation: 0, offsetX: -box.x0 * scale, offsetY: -(full.height - box.y1) * scale });
  await page.render({ canvas: canvas as never, canvasContext: canvas.getContext('2d') as never, viewport, background: 'white' }).promise;
  return canvas;
}

/** The part of a page drawn at `fromScale` copied out at `toScale`. */
function crop(
  canvasLib: CanvasModule,
  source: NapiCanvas,
  box: { x0: number; y0: number; x1: number; y1: number },
  origin: { x0: number; y1: number },
  fromScale: number,
  toScale: number,
): NapiCanvas {
  const width = Math.max(1, Math.ceil((box.x1 - box.x0) * toScale));
  const height = Math.max(1, Math.ceil((box.y1 - box.y0) * toScale));
  const canvas = canvasLib.createCanvas(width, height);
  const sx = (box.x0 - origin.x0) * fromScale;
  const sy = (origin.y1 - box.y1) * fromScale;
  canvas.getContext('2d').drawImage(source, sx, sy, (box.x1 - box.x0) * fromScale, (box.y1 - box.y0) * fromScale, 0, 0, width, height);
  return canvas;
}

/**
 * Draws each region (figure, equation, table kept as a picture) to a PNG with pdf.js on
 * @napi-rs/canvas, within the limits. Pages with several regions are drawn once, over the
 * regions' joint box, and cropped. Regions that cannot be drawn are left out of the result and
 * named in a warning; the document's text never depends on them.
 */
export async function renderRegions(
  doc: PDFDocumentProxy,
  regions: PdfRegion[],
  limits: RenderLimits = defaultRenderLimits,
): Promise<RenderOutcome> {
  const images = new Map<PdfRegion, ExtractedImage>();
  const warnings: ReadingWarning[] = [];
  if (regions.length === 0) return { images, warnings, ms: 0 };
  const start = performance.now();
  const canvasLib = await loadCanvas();
  if (!canvasLib) {
    warnings.push({
      message: 'figures and equations could not be drawn on this server (no canvas renderer): their captions and text are kept',
    });
    return { images, warnings, ms: 0 };
  }
  const byPage = new Map<number, PdfRegion[]>();
  for (const r of regions) byPage.set(r.page, [...(byPage.get(r.page) ?? []), r]);
  let pixels = 0;
  let pagesDrawn = 0;
  const skipped: number[] = [];
  const failed: number[] = [];
  // Which bound stopped the drawing: the warning names it, since "too many figures" is wrong advice
  // when the server was only busy and the same file would draw whole on a second upload.
  let outOfTime = false;
  for (const [pageNumber, list] of [...byPage].sort((a, b) => a[0] - b[0])) {
    if (pagesDrawn >= limits.maxPages || pixels >= limits.maxTotalPixels) {
      skipped.push(pageNumber);
      continue;
    }
    if (performance.now() - start > limits.maxMs) {
      outOfTime = true;
      skipped.push(pageNumber);
      continue;
    }
    pagesDrawn++;
    try {
      const page = await doc.getPage(pageNumber);
      const fits = (r: PdfRegion) =>
        Math.min(scaleFor(r.kind), Math.sqrt(limits.maxRegionPixels / Math.max(1, (r.x1 - r.x0) * (r.y1 - r.y0))));
      if (list.length === 1) {
        const canvas = paintMasks(await drawBox(canvasLib, page, list[0], fits(list[0])), list[0], fits(list[0]));
        pixels += canvas.width * canvas.height;
        images.set(list[0], toImage(canvas));
      } else {
        const joint = {
          x0: Math.min(...list.map((r) => r.x0)),
          y0: Math.min(...list.map((r) => r.y0)),
          x1: Math.max(...list.map((r) => r.x1)),
          y1: Math.max(...list.map((r) => r.y1)),
        };
        // Drawn once at the finest scale any of its regions needs (equations alone need less).
        const finest = Math.max(...list.map((r) => scaleFor(r.kind)));
        const scale = Math.min(
          finest,
          Math.sqrt((limits.maxRegionPixels * 4) / Math.max(1, (joint.x1 - joint.x0) * (joint.y1 - joint.y0))),
        );
        const canvas = await drawBox(canvasLib, page, joint, scale);
        pixels += canvas.width * canvas.height;
        for (const r of list) {
          const to = Math.min(scale, fits(r));
          images.set(r, toImage(paintMasks(crop(canvasLib, canvas, r, joint, scale, to), r, to)));
        }
      }
      page.cleanup();
    } catch {
      failed.push(pageNumber);
    }
  }
  if (skipped.length)
    warnings.push({
      message: outOfTime
        ? `figures on ${pageRanges(skipped)} were not drawn: the time for drawing this file's figures ran out on a busy server; uploading it again may draw them`
        : `figures on ${pageRanges(skipped)} were not drawn: the file has more figures than are drawn for one upload`,
      pages: skipped,
    });
  if (failed.length) warnings.push({ message: `figures on ${pageRanges(failed)} could not be drawn`, pages: failed });
  return { images, warnings, ms: performance.now() - start };
}
