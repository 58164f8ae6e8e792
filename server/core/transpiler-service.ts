import { createRequire } from 'node:module';

/**
 * The server runs its TypeScript through tsx (package.json `start`), which starts esbuild for every
 * file missing from its cache (the first start after an install or an update): a child process, and
 * for its synchronous calls a worker thread with a child of its own, kept for the life of the process
 * (12-30 MB). Once the server has loaded its modules they are stopped; a module loaded later and
 * missing from the cache starts them again. Nothing is loaded when tsx never loaded esbuild.
 */
export async function stopTranspilerService(): Promise<boolean> {
  try {
    const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
    const loaded = fromTsx.cache[fromTsx.resolve('esbuild')]?.exports as { stop?: () => unknown } | undefined;
    if (!loaded?.stop) return false;
    await loaded.stop();
    return true;
  } catch {
    return false;
  }
}
