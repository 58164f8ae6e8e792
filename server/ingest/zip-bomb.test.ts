import { readFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.support';
import { multipart } from '../test/multipart.support';
import { zipInflatedSize } from './zip-inflated-size';
import { assertZipInflatesWithin } from './zip-inflate-guard';
import { lyingDocx } from '../test/ingest/lying-zip.support';
import { fixturePath } from '../test/fixture-path.support';

/** A minimal stored ZIP writer: each entry deflated whole, sizes in the local and central headers. */
function zip(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data, { level: 9 });
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
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

const paragraph = `<w:p><w:r><w:t>${'A'.repeat(1000)}</w:t></w:r></w:p>`;
const bombXml = Buffer.from(
  `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph.repeat(300_000)}</w:body></w:document>`,
);
const bomb = zip([
  {
    name: '[Content_Types].xml',
    data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
  },
  { name: 'word/document.xml', data: bombXml },
]);

describe('DOCX that unpacks to hundreds of megabytes (zip bomb)', () => {
  const h = useHarness();

  it('reads the declared size from the central directory, and a real DOCX stays small', () => {
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(zipInflatedSize(bomb)).toBeGreaterThan(256 * 1024 * 1024);
    const real = readFileSync(fixturePath('docx/tables.docx'));
    expect(zipInflatedSize(real)).toBeLessThan(1024 * 1024);
    expect(zipInflatedSize(Buffer.from('PK\x03\x04 not really a zip word/document.xml'))).toBeUndefined();
  });

  it('is refused at once with a 413 naming the file, before any worker inflates it', async () => {
    const alice = await h.createUser('alice');
    const body = multipart([
      { name: 'files', filename: 'bomb.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: bomb },
    ]);
    const started = Date.now();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/extract-text',
      payload: body.payload,
      headers: { ...body.headers, cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Could not read "bomb.docx": it is too large (it unpacks to more than 256 MB).');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('DOCX whose directory lies about its sizes', () => {
  const h = useHarness();
  const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

  async function extract(filename: string, data: Buffer) {
    const alice = await h.createUser('alice');
    const body = multipart([{ name: 'files', filename, type: docxType, data }]);
    return h.app.inject({
      method: 'POST',
      url: '/api/extract-text',
      payload: body.payload,
      headers: { ...body.headers, cookie: alice.cookie },
    });
  }

  it('declares 1 KB, inflates to 400 MB: refused with a 413 once 256 MB have really come out, before any parser reads it', async () => {
    const liar = await lyingDocx(400);
    expect(liar.length).toBeLessThan(2 * 1024 * 1024);
    expect(zipInflatedSize(liar)).toBeLessThan(2048);
    const res = await extract('liar.docx', liar);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Could not read "liar.docx": it is too large (it unpacks to more than 256 MB).');
  });

  it('counts what the parser would read and refuses what it cannot check', async () => {
    const small = await lyingDocx(3);
    expect(await assertZipInflatesWithin(small)).toBeGreaterThan(3_000_000);
    await expect(assertZipInflatesWithin(small, 2 * 1024 * 1024)).rejects.toMatchObject({ reason: 'too-large' });
    // Bytes put before the ZIP shift every offset (its parser would follow them): refused as damaged.
    const shifted = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(60), small]);
    await expect(assertZipInflatesWithin(shifted)).rejects.toMatchObject({ reason: 'corrupt' });
    const res = await extract('shifted.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(60), await lyingDocx(1)]));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Could not read "shifted.docx": it is damaged and cannot be opened.');
    // A real document passes and is read.
    const real = readFileSync(fixturePath('docx/tables.docx'));
    expect(await assertZipInflatesWithin(real)).toBeGreaterThan(0);
  });
});
