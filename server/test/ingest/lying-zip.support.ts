import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A DOCX whose central directory lies: word/document.xml declares `declaredBytes` (1 KB) but
 * inflates to `inflatedMb` megabytes of real WordprocessingML. Built by streaming the XML through
 * a deflater a megabyte at a time, so making a 400 MB bomb needs no 400 MB of memory. With
 * `part` = "ppt/presentation.xml" the same bomb passes for a deck.
 */
export async function lyingDocx(inflatedMb: number, declaredBytes = 1024, part = 'word/document.xml'): Promise<Buffer> {
  const head = Buffer.from(
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  );
  const tail = Buffer.from('</w:body></w:document>');
  const paragraph = Buffer.from(`<w:p><w:r><w:t>${'A'.repeat(1000)}</w:t></w:r></w:p>`);
  const block = Buffer.concat(Array.from({ length: Math.floor((1024 * 1024) / paragraph.length) }, () => paragraph));
  const deflater = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflater.on('data', (c: Buffer) => packed.push(c));
  const done = new Promise((r) => deflater.on('end', r));
  let crc = crc32(head);
  deflater.write(head);
  for (let i = 0; i < inflatedMb; i++) {
    crc = crc32(block, crc);
    if (!deflater.write(block)) await new Promise((r) => deflater.once('drain', r));
  }
  crc = crc32(tail, crc);
  deflater.end(tail);
  await done;
  const types = Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  return zipOf([
    { name: '[Content_Types].xml', method: 0, data: types, size: types.length, crc: crc32(types) },
    { name: part, method: 8, data: Buffer.concat(packed), size: declaredBytes, crc },
  ]);
}

interface RawEntry {
  name: string;
  method: 0 | 8;
  /** The bytes as stored (already deflated for method 8). */
  data: Buffer;
  /** The uncompressed size written into both headers (the lie, when it is one). */
  size: number;
  crc: number;
}

export function zipOf(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
