// Worker threads do not inherit the TypeScript loader of a test runner, so each
// worker registers tsx itself and then loads its TypeScript entry.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
