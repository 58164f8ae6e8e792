/**
 * npm run restore -- FILE [--force]: puts a backup made by npm run backup back. PGlite: into
 * DATA_DIR (the server must be stopped; an existing database is refused, or with --force moved
 * aside to DATA_DIR/pglite.before-restore-<time>). PostgreSQL: pg_restore into DATABASE_URL,
 * replacing the tables there.
 */
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { restorePglite, restorePostgres, runningServer } from '../server/db/backup';
import { DataDirInUseError, lockDataDir } from '../server/db/data-dir-lock';
import { secureDataDir } from '../server/db/data-dir';

// What the backup writes is the server account's only, like the data folder.
process.umask(0o077);
const args = process.argv.slice(2);
const force = args.includes('--force');
const fileArg = args.find((a) => !a.startsWith('--'));
if (!fileArg) {
  console.error('usage: npm run restore -- FILE [--force]');
  process.exit(2);
}
const file = path.resolve(fileArg);
if (!existsSync(file)) {
  console.error(`${file} does not exist`);
  process.exit(2);
}
const config = loadConfig();

if (config.databaseUrl) {
  await restorePostgres(config.databaseUrl, file);
  console.log(`restored ${file} into ${new URL(config.databaseUrl).pathname.slice(1)}`);
} else {
  if (runningServer(config.dataDir)) {
    console.error(`a server is running on ${config.dataDir}: stop it first`);
    process.exit(1);
  }
  secureDataDir(config.dataDir);
  // Held for the whole restore: a server started meanwhile refuses the folder.
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (err) {
    console.error(err instanceof DataDirInUseError ? err.message : String(err));
    process.exit(1);
  }
  const current = path.join(config.dataDir, 'pglite');
  if (existsSync(current)) {
    if (!force) {
      console.error(`${current} already holds a database: pass --force to move it aside and restore`);
      process.exit(1);
    }
    const aside = `${current}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(current, aside);
    console.log(`moved the current database to ${aside}`);
  }
  try {
    await restorePglite(file, config.dataDir);
  } finally {
    unlock();
  }
  console.log(`restored ${file} into ${current}`);
}
