import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerScript } from '../core/worker-script';
import { insertUser } from '../features/auth/auth.repo';
import { migrateDatabase, openPglite, type Database } from './client';
import { PgliteThread } from './pglite-thread';
import { users } from './schema';

/**
 * The worker threads' plain-JavaScript bundles (scripts/build-workers.mjs, run by `npm run build`):
 * built here into a folder of this file's own, the PGlite thread starts from its bundle, without
 * tsx, and answers real queries; a bundle older than a file it holds is not used.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside the repository, as dist/workers is: the bundles import their packages from its node_modules.
mkdirSync(path.join(root, 'dist'), { recursive: true });
const scratch = mkdtempSync(path.join(root, 'dist/test-worker-bundles-'));
const bundles = path.join(scratch, 'workers');
const stale = path.join(scratch, 'stale');
const before = process.env.WORKER_BUNDLES_DIR;
const entry = new URL('./pglite-thread-worker.ts', import.meta.url);
let database: Database | undefined;

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-workers.mjs', bundles], { cwd: root, stdio: 'pipe' });
  // The same bundles, as if built before the repository's files were last changed.
  execFileSync(process.execPath, ['scripts/build-workers.mjs', stale], { cwd: root, stdio: 'pipe' });
  const manifest = JSON.parse(readFileSync(path.join(stale, 'manifest.json'), 'utf8')) as { builtAt: number };
  writeFileSync(path.join(stale, 'manifest.json'), JSON.stringify({ ...manifest, builtAt: 0 }));
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (before === undefined) delete process.env.WORKER_BUNDLES_DIR;
  else process.env.WORKER_BUNDLES_DIR = before;
  rmSync(scratch, { recursive: true, force: true });
});

describe('worker threads from their bundles', () => {
  it('the PGlite thread starts from its bundle and stores and reads back rows through it', async () => {
    process.env.WORKER_BUNDLES_DIR = bundles;
    const script = workerScript(entry);
    expect(script.bundled).toBe(true);
    expect(script.file.pathname).toBe(path.join(bundles, 'db/pglite-thread-worker.mjs'));
    const source = readFileSync(script.file, 'utf8');
    // Plain JavaScript: no TypeScript loader in the thread, the server's modules inside, packages left to node_modules.
    expect(source).not.toMatch(/from ["']tsx/);
    expect(source).toContain('durableStats');
    expect(source).toMatch(/from ["']@electric-sql\/pglite["']/);

    database = await openPglite(undefined, { thread: 'worker' });
    if (!(database.pglite instanceof PgliteThread)) throw new Error('this test runs PGlite on its thread');
    expect(database.pglite.bundled).toBe(true);
    await migrateDatabase(database);
    const user = await insertUser(database.db, 'bundled_thread_owner', 'not-a-real-hash');
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.username).toBe('bundled_thread_owner');
    const counted = await database.pglite.query<{ n: number }>('select count(*)::int as n from users where username = $1', [
      'bundled_thread_owner',
    ]);
    expect(counted.rows[0].n).toBe(1);
  }, 120_000);

  it('every worker entry under server/ has its bundle, and one older than its files is passed over for tsx', () => {
    const manifest = JSON.parse(readFileSync(path.join(bundles, 'manifest.json'), 'utf8')) as {
      bundles: Record<string, { entry: string }>;
    };
    const entries = Object.values(manifest.bundles).map((b) => b.entry);
    expect(entries).toContain('server/db/pglite-thread-worker.ts');
    expect(entries).toContain('server/features/export/export-worker.ts');
    expect(entries).toContain('server/ai/embeddings/embed-worker.ts');

    process.env.WORKER_BUNDLES_DIR = stale;
    const script = workerScript(entry);
    expect(script.bundled).toBe(false);
    expect(script.file.pathname.endsWith('/server/core/worker-boot.mjs')).toBe(true);
    expect(script.workerData.entry).toBe(entry.href);
    process.env.WORKER_BUNDLES_DIR = 'none';
    expect(workerScript(entry).bundled).toBe(false);
  });
});
