import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';

/**
 * A PGlite data folder on disk written as a .tar.gz in the layout PGlite's own dumpDataDir makes
 * (entries named from the data folder's root, folders as their own entries), so PGlite's
 * loadDataDir (npm run restore) reads it. Unlike dumpDataDir, which reads every file in one
 * synchronous pass and builds the whole archive in memory, this reads file by file in chunks and
 * streams them through gzip to `file`: the event loop is free between chunks and memory stays flat
 * whatever the database's size. The folder must not change meanwhile (backup.ts packs a copy).
 */
export async function writeDataDirTarGz(dataDir: string, file: string): Promise<number> {
  const gzip = createGzip({ level: 6 });
  const sink = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(sink);
  const written = finished(sink);
  try {
    await addFolder(gzip, dataDir, '');
    gzip.end(Buffer.alloc(1024)); // two empty blocks end a tar
  } catch (err) {
    gzip.destroy(err as Error);
    sink.destroy();
    throw err;
  }
  await written;
  return sink.bytesWritten;
}

async function write(out: Gzip, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

async function addFolder(out: Gzip, root: string, relative: string): Promise<void> {
  const entries = (await readdir(path.join(root, relative), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    const full = path.join(root, name);
    const info = await stat(full);
    if (entry.isDirectory()) {
      await write(out, header(name, info.mode, 0, info.mtimeMs, '5'));
      await addFolder(out, root, name);
    } else if (entry.isFile()) {
      await write(out, header(name, info.mode, info.size, info.mtimeMs, '0'));
      let bytes = 0;
      for await (const chunk of createReadStream(full, { highWaterMark: 256 * 1024 })) {
        bytes += (chunk as Buffer).length;
        await write(out, chunk as Buffer);
      }
      if (bytes !== info.size) throw new Error(`${name} changed while it was backed up`);
      if (bytes % 512) await write(out, Buffer.alloc(512 - (bytes % 512)));
    }
  }
}

/** A POSIX ustar header block. */
function header(name: string, mode: number, size: number, mtimeMs: number, type: '0' | '5'): Buffer {
  let prefix = '';
  let base = `/${name}`;
  if (Buffer.byteLength(base) > 100) {
    const cut = base.lastIndexOf('/', base.length - 1 - 0);
    prefix = base.slice(0, cut);
    base = base.slice(cut + 1);
    if (Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155) throw new Error(`${name}: path too long for a tar`);
  }
  const block = Buffer.alloc(512);
  const put = (value: string, offset: number, length: number) => block.write(value, offset, length, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';
  put(base, 0, 100);
  put(octal(mode & 0o7777, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtimeMs / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\u000000', 257, 8);
  put(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}
