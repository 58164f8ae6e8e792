import { limits } from '@common/limits';

/** A picture the book shows, with what the writers need to place it. */
export interface ImageAsset {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  bytes: Uint8Array;
  /** Pixels; 0 when the header could not be read. */
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;

export function sniffMime(b: Uint8Array): ImageAsset['mime'] | null {
  if (b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length > 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'image/gif';
  if (b.length > 12 && b[0] === 0x52 && b[1] === 0x49 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50)
    return 'image/webp';
  return null;
}

/** Width and height from the file's header (PNG IHDR, JPEG SOFn, GIF screen, WebP VP8/VP8L/VP8X). */
export function imageSize(b: Uint8Array, mime: ImageAsset['mime']): { width: number; height: number } {
  try {
    if (mime === 'image/png' && b.length >= 24) return { width: u32be(b, 16), height: u32be(b, 20) };
    if (mime === 'image/gif' && b.length >= 10) return { width: u16le(b, 6), height: u16le(b, 8) };
    if (mime === 'image/jpeg') {
      let i = 2;
      while (i + 9 < b.length) {
        if (b[i] !== 0xff) return { width: 0, height: 0 };
        // Any number of 0xFF fill bytes may come before a marker.
        if (b[i + 1] === 0xff) {
          i++;
          continue;
        }
        const marker = b[i + 1];
        const length = u16be(b, i + 2);
        // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
          return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
        i += 2 + length;
      }
    }
    if (mime === 'image/webp' && b.length >= 30) {
      const chunk = String.fromCharCode(b[12], b[13], b[14], b[15]);
      if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
      if (chunk === 'VP8L') {
        const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      if (chunk === 'VP8X')
        return { width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)), height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)) };
    }
  } catch {
    /* a truncated header: size unknown */
  }
  return { width: 0, height: 0 };
}

const dataUrl = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/=\s]+)$/i;

/**
 * Resolves every image source of a book: stored images come with the job (read with the reader's permission),
 * data URLs are decoded. A source that cannot be had, or whose bytes are not the picture they claim, is left out
 * and the writers show its alt text.
 */
export function resolveImages(sources: readonly string[], stored: ReadonlyMap<string, Uint8Array>): Map<string, ImageAsset> {
  const out = new Map<string, ImageAsset>();
  for (const src of sources) {
    if (out.has(src)) continue;
    let bytes: Uint8Array | undefined;
    const m = dataUrl.exec(src);
    if (m) bytes = Buffer.from(m[2].replace(/\s+/g, ''), 'base64');
    else bytes = stored.get(src);
    if (!bytes) continue;
    const mime = sniffMime(bytes);
    if (!mime) continue;
    const size = imageSize(bytes, mime);
    // Stored before uploads were held to the pixel cap: drawing it would take the export's whole time and memory.
    if (size.width * size.height > limits.imageMaxPixels) continue;
    out.set(src, { mime, bytes, ...size });
  }
  return out;
}

export const toDataUrl = (asset: ImageAsset) => `data:${asset.mime};base64,${Buffer.from(asset.bytes).toString('base64')}`;
