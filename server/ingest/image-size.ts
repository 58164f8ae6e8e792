/**
 * A raster image's kind and pixel size, read from its header alone: a picture too large to decode
 * safely (20,000 x 20,000 pixels is 1.6 GB of RGBA) is refused before anything decodes it.
 */
export interface ImageHeader {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  width: number;
  height: number;
}

const isPng = (d: Uint8Array) => d.length >= 24 && d[0] === 0x89 && d[1] === 0x50 && d[2] === 0x4e && d[3] === 0x47;
const isJpeg = (d: Uint8Array) => d.length >= 4 && d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff;

/** PNG: the IHDR chunk comes first. JPEG: the first start-of-frame marker (SOF0-SOF15 but DHT, JPG, DAC). */
export function readImageHeader(data: Uint8Array): ImageHeader | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (isPng(data)) {
    if (String.fromCharCode(...data.subarray(12, 16)) !== 'IHDR') return undefined;
    return { mime: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (isJpeg(data)) {
    let at = 2;
    while (at + 9 < data.length) {
      if (data[at] !== 0xff) return undefined;
      const marker = data[at + 1];
      // Fill bytes and markers without a length.
      if (marker === 0xff) {
        at++;
        continue;
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        at += 2;
        continue;
      }
      const length = view.getUint16(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { mime: 'image/jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      }
      if (marker === 0xda || length < 2) return undefined;
      at += 2 + length;
    }
    return undefined;
  }
  if (data.length >= 10 && data[0] === 0x47 && data[1] === 0x49 && data[2] === 0x46) {
    return { mime: 'image/gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (data.length >= 30 && String.fromCharCode(...data.subarray(8, 12)) === 'WEBP') {
    const chunk = String.fromCharCode(...data.subarray(12, 16));
    if (chunk === 'VP8X')
      return { mime: 'image/webp', width: 1 + (view.getUint32(24, true) & 0xffffff), height: 1 + (view.getUint32(27, true) & 0xffffff) };
    if (chunk === 'VP8 ')
      return { mime: 'image/webp', width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return { mime: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
  }
  return undefined;
}

/**
 * Pictures with more pixels than this are refused before anything decodes them: a page
 * photographed at 48 megapixels or scanned at 600 dpi stays below; 20,000 x 20,000 does not.
 */
export const maxImagePixels = 64_000_000;
export const maxImageSide = 16_000;

/** Why a picture's size refuses it, in words for the user; undefined when it can be read. */
export function imageTooLarge(data: Uint8Array): string | undefined {
  const header = readImageHeader(data);
  if (!header) return undefined;
  if (header.width * header.height > maxImagePixels || header.width > maxImageSide || header.height > maxImageSide)
    return `the picture is ${header.width.toLocaleString('en-US')} × ${header.height.toLocaleString('en-US')} pixels; at most ${maxImagePixels / 1_000_000} megapixels are read`;
  return undefined;
}

/**
 * A JPEG's EXIF orientation (1-8; 1 is upright): phones store a photo as the sensor saw it and
 * say in EXIF how to turn it. 1 when there is none.
 */
export function jpegOrientation(data: Uint8Array): number {
  if (!(data[0] === 0xff && data[1] === 0xd8)) return 1;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 2;
  while (at + 4 < data.length && data[at] === 0xff) {
    const marker = data[at + 1];
    const length = view.getUint16(at + 2);
    if (marker === 0xda || length < 2) return 1;
    // APP1 "Exif\0\0", then a TIFF header and the first directory.
    if (marker === 0xe1 && String.fromCharCode(...data.subarray(at + 4, at + 8)) === 'Exif') {
      const tiff = at + 10;
      if (tiff + 8 > data.length) return 1;
      const little = data[tiff] === 0x49;
      const ifd = tiff + view.getUint32(tiff + 4, little);
      if (ifd + 2 > data.length) return 1;
      const count = view.getUint16(ifd, little);
      for (let i = 0; i < count; i++) {
        const entry = ifd + 2 + i * 12;
        if (entry + 10 > data.length) return 1;
        if (view.getUint16(entry, little) === 0x0112) {
          const value = view.getUint16(entry + 8, little);
          return value >= 1 && value <= 8 ? value : 1;
        }
      }
      return 1;
    }
    at += 2 + length;
  }
  return 1;
}
