/**
 * The total uncompressed size a ZIP (a DOCX) declares in its central
 * directory, read without inflating anything; undefined when the directory
 * cannot be found (the parser then reports the file as damaged). A 1.4 MB
 * DOCX can declare 600 MB of XML: refusing it here keeps it from taking an
 * extraction worker to its heap limit.
 */
export function zipInflatedSize(data: Uint8Array): number | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const eocd = findSignature(view, 0x06054b50, Math.max(0, data.length - 22 - 0xffff));
  if (eocd < 0) return undefined;
  let entries = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || offset === 0xffffffff) {
    // ZIP64: the locator just before the EOCD points at the ZIP64 end record.
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== 0x07064b50) return undefined;
    const end64 = Number(view.getBigUint64(locator + 8, true));
    if (end64 + 56 > data.length || view.getUint32(end64, true) !== 0x06064b50) return undefined;
    entries = Number(view.getBigUint64(end64 + 32, true));
    offset = Number(view.getBigUint64(end64 + 48, true));
  }
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > data.length || view.getUint32(offset, true) !== 0x02014b50) return undefined;
    let size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (size === 0xffffffff) size = zip64Size(view, offset + 46 + nameLength, extraLength) ?? Number.MAX_SAFE_INTEGER;
    total += size;
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return total;
}

function findSignature(view: DataView, signature: number, from: number): number {
  for (let at = view.byteLength - 22; at >= from; at--) if (view.getUint32(at, true) === signature) return at;
  return -1;
}

/** The uncompressed size in an entry's ZIP64 extra field (header 0x0001, first value). */
function zip64Size(view: DataView, start: number, length: number): number | undefined {
  for (let at = start; at + 4 <= start + length && at + 4 <= view.byteLength;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001 && size >= 8 && at + 12 <= view.byteLength) return Number(view.getBigUint64(at + 4, true));
    at += 4 + size;
  }
  return undefined;
}
