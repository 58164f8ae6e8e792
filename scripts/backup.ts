/**
 * npm run backup [-- FILE]: a consistent dump of the database the server uses (same environment:
 * DATA_DIR or DATABASE_URL). PGlite: a .tar.gz of its data directory, made by the running server
 * when there is one (it is asked through DATA_DIR/backup.request and SIGUSR2), else read directly;
 * PostgreSQL: pg_dump's custom format. Restore with npm run restore -- FILE.
 */
import path from 'node:path';
import { loadConfig } from '../server/config';
import { dumpPglite, dumpPostgres, requestServerBackup, runningServer } from '../server/db/backup';
import { openPglite } from '../server/db/client';

// What the backup writes is the server account's only, like the data folder.
process.umask(0o077);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const config = loadConfig();
const file = path.resolve(process.argv[2] ?? `textbook-studio-${stamp}.${config.databaseUrl ? 'pgdump' : 'tar.gz'}`);

if (config.databaseUrl) {
  await dumpPostgres(config.databaseUrl, file);
  console.log(`PostgreSQL backup written to ${file}`);
} else {
  const pid = runningServer(config.dataDir);
  if (pid) {
    const bytes = await requestServerBackup(config.dataDir, pid, file);
    console.log(`PGlite backup written by the running server (pid ${pid}) to ${file} (${bytes} bytes)`);
  } else {
    const database = await openPglite(config.dataDir, { fsync: config.pgliteFsync, sharedBuffers: config.pgliteSharedBuffers });
    const bytes = await dumpPglite(database, file);
    await database.close();
    console.log(`PGlite backup of ${config.dataDir} written to ${file} (${bytes} bytes)`);
  }
}
