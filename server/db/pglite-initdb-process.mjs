// Makes a new PGlite data folder (PGlite's initdb) in a process of its own, so the memory initdb
// takes (its WebAssembly instances, about 250 MB) goes back to the system when the process ends. In a
// thread of the server, the allocator kept about 130 MB of it for the life of the server. Plain
// JavaScript: it needs no TypeScript loader. See client.ts, openLockedPglite.
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

const dataDir = process.argv[2];
const client = await PGlite.create({ dataDir, extensions: { vector } });
await client.close();
