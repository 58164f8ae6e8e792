import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Which file a worker thread starts from. `npm run build` bundles every `server/**\/*-worker.ts` entry
 * as plain JavaScript into dist/workers (scripts/build-workers.mjs): a thread started from its bundle
 * runs without tsx, and so without tsx's loader and the esbuild service it starts (about 25 MB each).
 * A bundle is used only when it is newer than every file of the repository it holds (an edit after the
 * build falls back); without one, as in tests and `npm run dev`, the thread starts from worker-boot.mjs,
 * which registers tsx and loads the TypeScript entry. `WORKER_BUNDLES_DIR` names another folder of
 * bundles inside the repository (their packages come from its node_modules), or `none` for none.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const bootUrl = new URL('./worker-boot.mjs', import.meta.url);

interface Manifest {
  builtAt: number;
  bundles: Record<string, { entry: string; inputs: string[] }>;
}

const manifests = new Map<string, Manifest | undefined>();
const chosen = new Map<string, URL | undefined>();

function bundlesDir(): string | undefined {
  const dir = process.env.WORKER_BUNDLES_DIR;
  if (dir === 'none') return undefined;
  return path.resolve(root, dir || 'dist/workers');
}

function manifestOf(dir: string): Manifest | undefined {
  if (!manifests.has(dir)) {
    try {
      manifests.set(dir, JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest);
    } catch {
      manifests.set(dir, undefined);
    }
  }
  return manifests.get(dir);
}

function fresh(manifest: Manifest, inputs: string[]): boolean {
  try {
    return inputs.every((file) => statSync(path.join(root, file)).mtimeMs <= manifest.builtAt);
  } catch {
    return false;
  }
}

/** The bundle of a TypeScript worker entry (a `file:` URL under server/), when there is an up-to-date one. */
export function workerBundle(entry: URL): URL | undefined {
  const dir = bundlesDir();
  if (!dir) return undefined;
  const key = `${dir}\0${entry.href}`;
  if (!chosen.has(key)) {
    const relative = path.relative(path.join(root, 'server'), fileURLToPath(entry)).split(path.sep).join('/');
    const name = relative.replace(/\.ts$/, '.mjs');
    const manifest = manifestOf(dir);
    const bundle = manifest?.bundles[name];
    chosen.set(key, bundle && fresh(manifest, bundle.inputs) ? pathToFileURL(path.join(dir, name)) : undefined);
  }
  return chosen.get(key);
}

/** The file to start a worker thread from, and what it must be told to load its TypeScript entry. */
export function workerScript(entry: URL): { file: URL; bundled: boolean; workerData: { entry: string } } {
  const bundle = workerBundle(entry);
  return bundle
    ? { file: bundle, bundled: true, workerData: { entry: bundle.href } }
    : { file: bootUrl, bundled: false, workerData: { entry: entry.href } };
}
