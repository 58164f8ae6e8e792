// The server itself as plain JavaScript (part of `npm run build`, which `npm start` runs first):
// server/main.ts and its modules bundled into dist/server (main.mjs and the chunks of what it imports
// only on first use), packages left to node_modules. `npm start` runs it with no TypeScript loader:
// tsx's loader hooks, its esbuild service and its compiled copies of some 900 modules cost the main
// thread about 40 MB (README.md, "Memory"). Tests and `npm run dev` keep running the TypeScript.
// Each module's `import.meta.url` stays its own source file's URL (made from the bundle's URL, so the
// folder may move with the repository): workers, migrations, fonts and packages are found beside the
// sources as before. esbuild comes from tsx's folder, as in build-workers.mjs, so that an install
// without devDependencies builds this too.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, nodeBundle, root } from './esbuild-node.mjs';
const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist/server');
const serverDir = path.join(root, 'server');

/** `import.meta.url` of each server file as its source file's URL, relative to the bundle that holds it. */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => {
      if (!args.path.startsWith(serverDir) && !args.path.startsWith(path.join(root, 'common'))) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      // Chunks and the entry are all written to outdir itself.
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: args.path.endsWith('.ts') ? 'ts' : 'js',
      };
    });
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  ...nodeBundle,
  entryPoints: { main: path.join(serverDir, 'main.ts') },
  outdir,
  splitting: true,
  chunkNames: '[name]-[hash]',
  plugins: [ownUrl],
});
// The repository's files the bundle holds, so that a runner can tell a bundle older than its sources
// (bench/lib/app-process.ts then runs the TypeScript).
const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules'));
writeFileSync(path.join(outdir, 'manifest.json'), `${JSON.stringify({ builtAt: started, entry: 'main.mjs', inputs }, null, 1)}\n`);
console.log(`server bundle: ${path.relative(root, outdir) || outdir}/main.mjs (${Date.now() - started} ms)`);
