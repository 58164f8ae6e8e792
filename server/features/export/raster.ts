import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { limits } from '@common/limits';
import type { ImageAsset } from './image-assets';

const require = createRequire(import.meta.url);
let ready: Promise<void> | undefined;

/** resvg (WebAssembly: nothing to compile or download) is loaded once per worker, on first use. */
function resvgReady(): Promise<void> {
  ready ??= initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  return ready;
}

/** Draws an SVG as a PNG `scale` times its size (formulas for Word: sharp when printed). */
export async function svgToPng(svg: string, width: number): Promise<Uint8Array> {
  await resvgReady();
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: Math.max(1, Math.round(width)) }, font: { loadSystemFonts: false } });
  // Nothing is drawn past the pixel cap of pictures (a formula or picture that would need gigabytes); callers leave it out.
  const scale = resvg.width > 0 ? Math.round(width) / resvg.width : 1;
  if (resvg.width * scale * (resvg.height * scale) > limits.imageMaxPixels) {
    resvg.free();
    throw new Error('the picture would have too many pixels');
  }
  // Both live in WebAssembly memory, which nothing collects: unfreed, every formula of a long book stays there and
  // each later allocation is slower (a 1,200-formula PDF took a minute).
  try {
    const rendered = resvg.render();
    try {
      return rendered.asPng();
    } finally {
      rendered.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * A picture as PNG or JPEG, the two raster formats every writer takes (PDFKit reads only those; EPUB 3.2 and
 * Word have no WebP). Other formats are redrawn as PNG; a picture that cannot be redrawn answers null.
 */
export async function portableImage(asset: ImageAsset): Promise<ImageAsset | null> {
  if (asset.mime === 'image/png' || asset.mime === 'image/jpeg') return asset;
  if (!asset.width || !asset.height) return null;
  try {
    const href = `data:${asset.mime};base64,${Buffer.from(asset.bytes).toString('base64')}`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${asset.width}" height="${asset.height}"><image width="${asset.width}" height="${asset.height}" xlink:href="${href}"/></svg>`;
    const bytes = await svgToPng(svg, asset.width);
    return { mime: 'image/png', bytes, width: asset.width, height: asset.height };
  } catch {
    return null;
  }
}

/** Every picture made portable, by source; those that cannot be are left out (the writers show their alt text). */
export async function portableImages(images: ReadonlyMap<string, ImageAsset>): Promise<Map<string, ImageAsset>> {
  const out = new Map<string, ImageAsset>();
  for (const [src, asset] of images) {
    const portable = await portableImage(asset);
    if (portable) out.set(src, portable);
  }
  return out;
}
