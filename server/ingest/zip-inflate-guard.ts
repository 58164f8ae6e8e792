import { createInflateRaw } from 'node:zlib';
import { ExtractError } from './extract-error';
import { zipEntries, type ZipEntry } from './zip-inflated-size';

/** A DOCX whose parts unpack to more than this is refused (real books with pictures stay far below). */
export const maxZipInflatedBytes = 256 * 1024 * 1024;
/** More parts than any real document has; each costs a little work, so millions of empty ones are refused too. */
const maxZipEntries = 20_000;

/**
 * Inflates every entry of a ZIP the way its parser will read it (the central directory's
 * compressed size from the data after the local header) and counts the bytes that really come
 * out, discarding them as they come, and stops as soon as the total passes `limit`. A ZIP whose
 * directory lies (declares 1 KB, inflates to 400 MB) is refused here, before the parser inflates
 * it into memory, and costs a few 64 KB buffers. Runs in the extraction process; the parser
 * (JSZip) checks each entry's real size against the declared one only after inflating it whole.
 */
export async function assertZipInflatesWithin(data: Uint8Array, limit = maxZipInflatedBytes): Promise<number> {
  const entries = zipEntries(data);
  // What cannot be checked is not parsed: a directory we cannot read (or data shifted behind
  // bytes prepended to the ZIP, which the parser would follow) is a damaged file.
  if (!entries) throw new ExtractError('corrupt', 'no readable ZIP directory');
  if (entries.length > maxZipEntries) throw new ExtractError('too-large', `it holds more than ${maxZipEntries} parts`);
  const tooLarge = () => new ExtractError('too-large', `it unpacks to more than ${Math.round(limit / (1024 * 1024))} MB`);
  let total = 0;
  for (const entry of entries) {
    const body = entryData(data, entry);
    if (!body) throw new ExtractError('corrupt', `the part ${entry.name} is not where the directory says`);
    if (entry.method === 0) total += body.length;
    else if (entry.method === 8) total += await inflatedLength(body, limit - total);
    // Other methods: the parser cannot read them and reports the file as damaged without inflating.
    if (total > limit) throw tooLarge();
  }
  return total;
}

/** The entry's compressed bytes, found as the parser finds them; undefined when no local header is where the directory says. */
function entryData(data: Uint8Array, entry: ZipEntry): Uint8Array | undefined {
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(at, true) !== 0x04034b50) return undefined;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start > data.length) return undefined;
  return data.subarray(start, Math.min(data.length, start + entry.compressedSize));
}

/** How many bytes a raw deflate stream inflates to, counting no further than `budget` + one chunk. */
function inflatedLength(compressed: Uint8Array, budget: number): Promise<number> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    let produced = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(produced);
    };
    inflater.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > budget) {
        inflater.destroy();
        finish();
      }
    });
    inflater.on('end', finish);
    // Damaged data: what came out so far counts; the parser then reports the file as damaged.
    inflater.on('error', finish);
    inflater.on('close', finish);
    inflater.end(compressed);
  });
}
