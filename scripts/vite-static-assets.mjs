import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

/**
 * Build steps for the files the server sends as they are (server/http/spa.ts):
 * - every text asset written a second and third time, brotli (.br, quality 11) and gzip (.gz, level 9), so the
 *   server picks the encoding a browser accepts without compressing anything per request;
 * - favicon.ico drawn from favicon.svg (PNG images in an ICO file, 16, 32 and 48 pixels), the address browsers
 *   and crawlers ask for whatever the page links.
 */

const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map|ico|wasm)$/i;
/** Below this, a compressed copy saves less than its headers cost. */
const minBytes = 1024;

/** @param {string} dir @returns {Iterable<string>} */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes `file.br` and `file.gz` beside each compressible file worth it; the bytes saved, for the build log. */
/** @param {string} dir @returns {{ files: number; bytes: number; brotli: number }} */
export function precompress(dir) {
  let count = 0;
  let bytes = 0;
  let brotli = 0;
  for (const file of files(dir)) {
    if (!compressible.test(file) || statSync(file).size < minBytes) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    // A copy no smaller than the file is not worth sending.
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    count++;
    bytes += raw.length;
    brotli += Math.min(br.length, raw.length);
  }
  return { files: count, bytes, brotli };
}

/** An ICO file holding PNG images (allowed since Windows Vista; every current browser reads it). */
/** @param {Array<{ size: number; png: Uint8Array }>} images @returns {Buffer} */
export function icoFromPngs(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 = 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => Buffer.from(i.png))]);
}

/** @type {Promise<void> | undefined} */
let wasm;

/** @param {string} svg @returns {Promise<Buffer>} */
async function faviconIco(svg) {
  const require = createRequire(import.meta.url);
  wasm ??= initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  await wasm;
  const images = [16, 32, 48].map((size) => {
    const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: size } });
    try {
      const rendered = resvg.render();
      try {
        return { size, png: rendered.asPng() };
      } finally {
        rendered.free();
      }
    } finally {
      resvg.free();
    }
  });
  return icoFromPngs(images);
}

/** @returns {import('vite').Plugin} */
export function staticAssets() {
  let outDir = '';
  return {
    name: 'textbook-studio-static-assets',
    apply: 'build',
    /** @param {import('vite').ResolvedConfig} config */
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const svg = path.join(outDir, 'favicon.svg');
      writeFileSync(path.join(outDir, 'favicon.ico'), await faviconIco(readFileSync(svg, 'utf8')));
      const { files: count, bytes, brotli } = precompress(outDir);
      console.log(`precompressed ${count} files: ${(bytes / 1024).toFixed(0)} KB -> ${(brotli / 1024).toFixed(0)} KB (brotli)`);
    },
  };
}
