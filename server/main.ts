import { buildApp } from './app';
import { loadConfig } from './config';
import { serveBackupRequests } from './db/backup';
import { openDatabase } from './db/client';

// Files this process creates (the database's, the secret) are its own account's only.
process.umask(0o077);
const config = loadConfig();
const database = await openDatabase(config);
const { app } = await buildApp({ config, database, logger: true });
// PGlite allows one process: `npm run backup` asks this one for the dump.
const stopBackups = database.kind === 'pglite' ? serveBackupRequests(database, config.dataDir, (m) => app.log.info(m)) : () => {};

async function shutdown(signal: string) {
  app.log.info(`${signal}: shutting down`);
  stopBackups();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Textbook Studio at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${database.kind}, AI: ${config.aiProvider})`,
);
