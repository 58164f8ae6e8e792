// What the two build scripts share (build-workers.mjs, build-server.mjs): esbuild, and the options of a
// plain-JavaScript bundle for Node. esbuild is tsx's own (tsx is a dependency, esbuild its dependency),
// found from tsx's folder whatever the install hoisted, so an install without devDependencies builds too.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
export const { build } = await import(pathToFileURL(fromTsx.resolve('esbuild')).href);

/** ESM for Node 24 with its source maps, packages left to node_modules, the metafile kept for the manifest. */
export const nodeBundle = {
  absWorkingDir: root,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  tsconfig: path.join(root, 'tsconfig.json'),
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
};
