// Worker threads do not inherit the TypeScript loader of a test runner, so each
// worker registers tsx itself and then loads its TypeScript entry. tsx is given the
// repository's tsconfig.json by path, so its import aliases (`@server/*`, ...) resolve
// whatever the working directory.
import { workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const tsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
await tsImport(workerData.entry, { parentURL: import.meta.url, tsconfig });
