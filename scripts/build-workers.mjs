// The server's worker threads as plain JavaScript (part of `npm run build`): each `server/**/*-worker.ts`
// entry bundled with its own modules into dist/workers/<same path>.mjs, packages left to node_modules.
// A worker started from a bundle runs without tsx, which costs each thread its loader and an esbuild
// service (server/core/worker-script.ts chooses the bundle when it is newer than every file it holds).
// esbuild and the bundle options: scripts/esbuild-node.mjs (an install without devDependencies builds these too).
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, nodeBundle, root } from './esbuild-node.mjs';
// Another folder may be named (tests build their own: WORKER_BUNDLES_DIR).
const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist/workers');

/** Every worker entry under server/ (tests and their support files aside). */
function entries(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const file = path.join(dir, d.name);
    if (d.isDirectory()) return entries(file);
    return d.name.endsWith('-worker.ts') ? [file] : [];
  });
}

const started = Date.now();
// Bundles of entries since renamed or removed go too (only a folder of bundles is emptied).
if (!existsSync(outdir) || existsSync(path.join(outdir, 'manifest.json'))) rmSync(outdir, { recursive: true, force: true });
const found = entries(path.join(root, 'server'));
const result = await build({ ...nodeBundle, entryPoints: found, outbase: path.join(root, 'server'), outdir });

// What each bundle holds, so that a bundle older than one of its files is not used.
const bundles = {};
for (const [out, meta] of Object.entries(result.metafile.outputs)) {
  if (!meta.entryPoint) continue;
  bundles[path.relative(outdir, path.join(root, out)).split(path.sep).join('/')] = {
    entry: meta.entryPoint,
    inputs: Object.keys(meta.inputs).filter((f) => !f.includes('node_modules')),
  };
}
writeFileSync(path.join(outdir, 'manifest.json'), `${JSON.stringify({ builtAt: started, bundles }, null, 1)}\n`);
console.log(`worker bundles: ${Object.keys(bundles).length} in ${path.relative(root, outdir) || outdir} (${Date.now() - started} ms)`);
