// Makes a new PGlite data folder (PGlite's initdb) in a thread of its own, so the memory initdb
// leaves behind (its WebAssembly instances, about 250 MB) goes with the thread instead of staying
// in the server until a garbage collection that an idle server never runs. Plain JavaScript: it
// needs no TypeScript loader. See client.ts, openLockedPglite.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

const client = await PGlite.create({ dataDir: workerData.dataDir, extensions: { vector } });
await client.close();
parentPort.postMessage('done');
