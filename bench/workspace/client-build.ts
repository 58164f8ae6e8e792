import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/** A production build of the client into `outDir` (the project's vite.config.ts, another output folder). */
export async function buildClient(outDir: string): Promise<void> {
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

/**
 * What the browser loads before the home route can render: the entry script and the modules
 * index.html preloads. Lazy chunks (the textbook page, the editor) are not counted.
 */
export function homeInitialJs(outDir: string) {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const sizeOf = (files: string[]) =>
    files.reduce(
      (acc, f) => {
        const data = readFileSync(path.join(outDir, f.replace(/^\//, '')));
        return { raw: acc.raw + data.length, gzip: acc.gzip + gzipSync(data).length };
      },
      { raw: 0, gzip: 0 },
    );
  const js = sizeOf(scripts);
  const css = sizeOf(styles);
  return { files: scripts, rawBytes: js.raw, gzipBytes: js.gzip, cssGzipBytes: css.gzip };
}
