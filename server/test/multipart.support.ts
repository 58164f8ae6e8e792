import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { fixturePath } from './fixture-path.support';

/** Test support: real image bytes and multipart bodies for inject(). */

/** A real, decodable RGB PNG of the given size (signature, IHDR, IDAT, IEND with CRCs). */
export function makePng(width = 2, height = 2): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height, 0x7f);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
export type MultipartPart = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body the way a browser's FormData builds it, with its content type as a header and alone. */
/** A fixture of test-fixtures/ as an uploaded file, under its own name: `fixtureFile('course/notes.md', 'text/markdown')`. */
export function fixtureFile(name: string, type: string, field = 'files'): MultipartPart {
  return { name: field, filename: path.basename(name), type, data: readFileSync(fixturePath(name)) };
}

export function multipart(parts: MultipartPart[]) {
  const boundary = `----ts${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`),
      );
      chunks.push(p.data);
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const contentType = `multipart/form-data; boundary=${boundary}`;
  return { payload: Buffer.concat(chunks), contentType, headers: { 'content-type': contentType } };
}
