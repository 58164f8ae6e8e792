/** One entry of a ZIP's central directory: what it claims, and where its data starts. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

/**
 * The entries a ZIP (a DOCX) lists in its central directory, read without inflating anything;
 * undefined when the directory cannot be found or runs past the file (the parser then reports
 * the file as damaged).
 */
export function zipEntries(data: Uint8Array): ZipEntry[] | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const eocd = findSignature(view, 0x06054b50, Math.max(0, data.length - 22 - 0xffff));
  if (eocd < 0) return undefined;
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || offset === 0xffffffff) {
    // ZIP64: the locator just before the EOCD points at the ZIP64 end record.
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== 0x07064b50) return undefined;
    const end64 = Number(view.getBigUint64(locator + 8, true));
    if (end64 + 56 > data.length || view.getUint32(end64, true) !== 0x06064b50) return undefined;
    count = Number(view.getBigUint64(end64 + 32, true));
    offset = Number(view.getBigUint64(end64 + 48, true));
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > data.length || view.getUint32(offset, true) !== 0x02014b50) return undefined;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const entry: ZipEntry = {
      name: Buffer.from(data.buffer, data.byteOffset + offset + 46, Math.min(nameLength, data.length - offset - 46)).toString('utf8'),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      declaredSize: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    };
    readZip64Extra(view, offset + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The total uncompressed size a ZIP declares in its central directory; undefined when the
 * directory cannot be read. A 1.4 MB DOCX can declare 600 MB of XML: refusing it here, before
 * it is queued, costs nothing. A ZIP that lies about its sizes is caught while it is inflated
 * (zip-inflate-guard.ts).
 */
export function zipInflatedSize(data: Uint8Array): number | undefined {
  return zipEntries(data)?.reduce((total, e) => total + e.declaredSize, 0);
}

function findSignature(view: DataView, signature: number, from: number): number {
  for (let at = view.byteLength - 22; at >= from; at--) if (view.getUint32(at, true) === signature) return at;
  return -1;
}

/** The ZIP64 extra field (header 0x0001): the 64-bit values of whichever 32-bit fields are 0xffffffff, in order. */
function readZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry): void {
  const needed = (['declaredSize', 'compressedSize', 'localHeaderOffset'] as const).filter((k) => entry[k] === 0xffffffff);
  if (needed.length === 0) return;
  for (let at = start; at + 4 <= start + length && at + 4 <= view.byteLength;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      needed.forEach((k, i) => {
        const p = at + 4 + i * 8;
        if (i * 8 + 8 <= size && p + 8 <= view.byteLength) entry[k] = Number(view.getBigUint64(p, true));
        else entry[k] = Number.MAX_SAFE_INTEGER;
      });
      return;
    }
    at += 4 + size;
  }
  for (const k of needed) entry[k] = Number.MAX_SAFE_INTEGER;
}
