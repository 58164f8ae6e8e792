/**
 * Image types by their first bytes, never by name or declared type: a file is
 * what its content says. Only raster formats browsers render without scripts;
 * SVG can carry script, so it is never accepted.
 */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export const imageExtensions: Record<ImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

function startsWith(data: Buffer, bytes: number[], offset = 0): boolean {
  return data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
}

export function sniffImageType(data: Buffer): ImageMime | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || startsWith(data, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])) return 'image/gif';
  // RIFF....WEBP
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

const imageNameExtension = /\.(png|jpe?g|jfif|pjpeg|pjp|gif|webp)$/i;

/**
 * What the upload claims to be must be an image too (the editor only offers
 * image/* files, docs/product.md): a PNG renamed notes.txt arrives as text/plain and is
 * refused like any other non-image. A generic octet-stream falls back to the name.
 */
export function declaresImage(mimetype: string, filename: string): boolean {
  const type = mimetype.toLowerCase().split(';')[0].trim();
  if (type === 'image/svg+xml') return false;
  if (type.startsWith('image/')) return !/\.(txt|svg|svgz|html?|xml|js|pdf)$/i.test(filename);
  if (type === '' || type === 'application/octet-stream') return imageNameExtension.test(filename);
  return false;
}
