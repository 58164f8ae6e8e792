import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { moduleErrorLog } from './core/logger';
import { serveBackupRequests } from './db/backup';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { writeMemoryCensus } from './core/memory-census';
import { stopTranspilerService } from './core/transpiler-service';
import { nodeVersionProblem } from './core/node-version';

const versionProblem = nodeVersionProblem();
if (versionProblem) {
  process.stderr.write(`${versionProblem}\n`);
  process.exit(1);
}
// Files this process creates (the database's, the secret) are its own account's only.
process.umask(0o077);
// Where memory is, thread by thread (npm run bench:memory sets it).
if (process.env.MEMORY_CENSUS_FILE) writeMemoryCensus(process.env.MEMORY_CENSUS_FILE);
const config = loadConfig();
// Pool errors before the app exists go to the module logger, after that to the app's.
const appLog: { current?: FastifyBaseLogger } = {};
const database = await openDatabase(config, (message, err) =>
  appLog.current ? appLog.current.error({ err }, message) : moduleErrorLog(message, err),
).catch((err: unknown) => {
  // A data folder another server holds: its message says which and what to do, no stack needed.
  if (err instanceof DataDirInUseError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
});
const { app } = await buildApp({ config, database, logger: true });
appLog.current = app.log;
// PGlite allows one process: `npm run backup` asks this one for the dump.
const stopBackups = database.kind === 'pglite' ? serveBackupRequests(database, config.dataDir, (m) => app.log.info(m)) : () => {};

/**
 * A stop always finishes: in-flight requests and jobs get this long, then the process exits
 * anyway (a database that stopped answering must not keep it alive). Unfinished generation jobs
 * are picked up again by another instance or at the next start.
 */
const shutdownLimitMs = 10_000;
let stopping = false;

async function shutdown(signal: string) {
  if (stopping) {
    app.log.warn(`${signal} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  stopBackups();
  setTimeout(() => {
    app.log.error(`shutdown took longer than ${shutdownLimitMs / 1000} s: exiting`);
    process.exit(1);
  }, shutdownLimitMs).unref();
  await app.close().catch((err: unknown) => app.log.error({ err }, 'closing the app failed'));
  await database.close().catch((err: unknown) => app.log.error({ err }, 'closing the database failed'));
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// esbuild's services that tsx started to load the server's modules are not kept (transpiler-service.ts).
void stopTranspilerService();
// The engine's workers are not started here: each holds its own language model, and a server
// that makes no book never needs them. The first request that does starts one (a moment longer).
app.log.info(
  `Textbook Studio at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${database.kind}, AI: ${config.aiProvider})`,
);
