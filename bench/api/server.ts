/**
 * The server side of bench:api, in its own process so the load generator does not share its
 * event loop: the real app on a fresh PGlite directory on disk (the default deployment, fsync
 * on), serving the built client. Creates the benchmark's book when asked over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TextbookContent } from '@common/textbook';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { createTextbook } from '@server/features/textbooks/textbooks.service';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-bench-api-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
const database = await openDatabase(config);
const { app } = await buildApp({ config, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', async (msg: { type: string; content?: TextbookContent; owner?: { id: number; username: string } }) => {
  if (msg.type === 'create' && msg.content && msg.owner) {
    const book = await createTextbook(database.db, { owner: msg.owner, topic: 'Benchmark Physics', content: msg.content });
    process.send?.({ type: 'created', id: book.id });
  }
  if (msg.type === 'stop') {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send?.({ type: 'ready', address });
