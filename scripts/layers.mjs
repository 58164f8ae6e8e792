// The server's layers, lowest first, one per top-level folder: core < db < ingest, references < ai <
// realtime < http < features < app. A file may import its own layer and any layer below it, never
// one above: the realtime hub is handed what it needs from features (who may read a book, whether a
// session stands) by the code that builds it, and http's authentication hook is handed
// `resolveSession` by app.ts. Top-level server files (app.ts, main.ts) assemble everything and may
// import any layer; config.ts is read by every layer (it is plain data).
// The client: components/ui and lib are primitives and never import features, pages or app.
import path from 'node:path';

/** The import aliases of tsconfig.json `paths` (also set in vite.config.ts): `@server/x` is `server/x`. */
export const aliasedDirs = ['common', 'server', 'client'];

/**
 * The repo-relative path an import names (no extension), from a relative specifier or an alias, so a rule
 * judges `@server/features/x` exactly like `../features/x`; undefined for a package.
 */
export function resolveImport(file, specifier) {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const alias = /^@([^/]+)\/(.+)$/.exec(specifier);
  if (alias && aliasedDirs.includes(alias[1])) return path.posix.normalize(`${alias[1]}/${alias[2]}`);
  return undefined;
}

/** Layer rank of a server path, or undefined when the rule does not apply to it. */
export function serverLayer(p) {
  if (!p.startsWith('server/')) return undefined;
  const top = p.split('/')[1];
  if (top === 'test') return undefined;
  if (top === 'config' || top === 'config.ts') return 0;
  if (top === 'core') return 0;
  if (top === 'db') return 1;
  if (top === 'ingest' || top === 'references') return 2;
  if (top === 'ai') return 3;
  if (top === 'realtime') return 4;
  if (top === 'http') return 5;
  if (top === 'features') return 6;
  // app.ts, main.ts and the like: the top, may import anything.
  return 7;
}

export const layerNames = ['core', 'db', 'ingest/references', 'ai', 'realtime', 'http', 'features', 'app'];

/** Tests (`*.test.ts`) and their support (`server/test/**`, each file named `*.support.ts`). */
export const isTestCode = (p) => /\.test\.tsx?$/.test(p) || p.startsWith('server/test/');

/** Why an import from `file` of `target` (repo-relative paths) breaks the layers, or undefined. */
export function layerViolation(file, target) {
  if (isTestCode(file)) return undefined;
  const from = serverLayer(file);
  const to = serverLayer(target);
  if (from !== undefined && to !== undefined && to > from) {
    return `server layers import downwards only: ${layerNames[from]} must not import ${layerNames[to]}`;
  }
  // The two AI engines share server/ai/shared: the llm engine borrows nothing from the offline one, and the
  // shared toolkit belongs to neither engine.
  const engine = (p, name) => p === `server/ai/${name}` || p.startsWith(`server/ai/${name}/`);
  if (engine(file, 'llm') && engine(target, 'offline')) {
    return 'server/ai/llm must not import server/ai/offline (what both engines use lives in server/ai/shared)';
  }
  if (engine(file, 'shared') && (engine(target, 'offline') || engine(target, 'llm'))) {
    return 'server/ai/shared must not import either engine (server/ai/offline, server/ai/llm)';
  }
  // The save path (features/textbooks/save) is called by the live documents (features/collab), never the other way.
  if (file.startsWith('server/features/textbooks/') && target.startsWith('server/features/collab/')) {
    return 'server/features/textbooks must not import server/features/collab (collab calls the save path; pass what it needs in)';
  }
  const isPrimitive = file.startsWith('client/components/ui/') || file.startsWith('client/lib/');
  const isFeatureSide = ['client/features/', 'client/pages/', 'client/app/'].some((d) => target.startsWith(d));
  if (isPrimitive && isFeatureSide) return 'client/components/ui and client/lib must not import features, pages or app';
  return undefined;
}

/**
 * Why a call of `fetch` in `file` is out of place, or undefined: the client reaches the API through
 * client/lib/api only (credentials, the error format, the server's message), downloads included.
 */
export function fetchViolation(file) {
  if (!file.startsWith('client/') || file.startsWith('client/lib/') || file.startsWith('client/test/') || /\.test\.tsx?$/.test(file)) {
    return undefined;
  }
  return 'client code calls the API through client/lib/api, never fetch() itself';
}
