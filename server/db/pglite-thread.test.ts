import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { insertUser } from '../features/auth/auth.repo';
import { createTextbook } from '../features/textbooks/textbooks.service';
import { bookContent } from '../test/realtime/realtime.support';
import { dumpPglite } from './backup';
import { migrateDatabase, openPglite, type Database } from './client';
import { PgliteThread } from './pglite-thread';
import { liveDocuments, textbooks, users } from './schema';
import { createTestDatabase } from '../test/test-db.support';

let database: Database;
let thread: PgliteThread;
let owner: { id: number; username: string };

beforeAll(async () => {
  // PGlite itself whatever the test run's database (CI's PostgreSQL pass runs this file too).
  database = await openPglite(undefined, { thread: 'worker' });
  await migrateDatabase(database);
  if (!(database.pglite instanceof PgliteThread)) throw new Error('this file runs PGlite on its thread');
  thread = database.pglite;
  const user = await insertUser(database.db, 'thread_owner', 'not-a-real-hash');
  owner = { id: user.id, username: user.username };
}, 120_000);

afterAll(async () => {
  await database?.close();
});

async function bookRow(id: number) {
  const [row] = await database.db.select().from(textbooks).where(eq(textbooks.id, id));
  return row;
}

describe('PGlite on a thread of its own', () => {
  it('stores and reads back a book as drizzle sees it on the server thread: json, dates, bytes', async () => {
    const content = bookContent(3, 'Threaded Book');
    const book = await createTextbook(database.db, { owner, topic: 'Threaded', content });
    const row = await bookRow(book.id);
    expect(row.content.title).toBe('Threaded Book');
    expect(row.content.chapters[0].sections.map((s) => s.title)).toEqual(['Section 1', 'Section 2', 'Section 3']);
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);

    // A Buffer that is a view on a larger one: only its own bytes are stored.
    const pool = Buffer.from('xxxxLIVE-STATExxxx');
    const state = pool.subarray(4, 14);
    await database.db.insert(liveDocuments).values({ textbookId: book.id, state, revision: 1, epoch: 'e1' });
    const [live] = await database.db.select().from(liveDocuments).where(eq(liveDocuments.textbookId, book.id));
    expect(Buffer.isBuffer(live.state)).toBe(true);
    expect(live.state.toString()).toBe('LIVE-STATE');
    expect(live.updatedAt).toBeInstanceOf(Date);
  });

  it('commits a transaction, and rolls back one whose callback throws (savepoints too)', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ username: 'committed_one', passwordHash: 'h' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(users).values({ username: 'savepoint_undone', passwordHash: 'h' });
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ username: 'rolled_back', passwordHash: 'h' });
        throw new Error('the callback failed');
      }),
    ).rejects.toThrow('the callback failed');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ username: 'rolled_back_explicitly', passwordHash: 'h' });
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    const names = (await database.db.select({ username: users.username }).from(users)).map((u) => u.username);
    expect(names).toContain('committed_one');
    expect(names).not.toContain('savepoint_undone');
    expect(names).not.toContain('rolled_back');
    expect(names).not.toContain('rolled_back_explicitly');
  });

  it("keeps PostgreSQL's error fields (a unique violation's code and constraint)", async () => {
    await database.db.insert(users).values({ username: 'Unique_Name', passwordHash: 'h' });
    const err = await database.db
      .insert(users)
      .values({ username: 'unique_name', passwordHash: 'h' })
      .then(
        () => undefined,
        (e: unknown) => e as { cause?: { code?: string; constraint?: string } },
      );
    expect(err?.cause).toMatchObject({ code: '23505', constraint: 'users_username_lower_idx' });
    // The failed statement did not leave the thread in a broken state.
    expect((await database.db.select().from(users).where(eq(users.username, 'Unique_Name'))).length).toBe(1);
  });

  it('refuses a parser it cannot run there rather than parse differently', async () => {
    await expect(thread.query('select 1::int as n', [], { parsers: { 23: (v: string) => Number(v) * 2 } })).rejects.toThrow(
      /parser of type 23 cannot run on the PGlite thread/,
    );
  });

  it('leaves the event loop free while PostgreSQL works', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      await thread.query('select pg_sleep(0.3)');
    } finally {
      clearInterval(timer);
    }
    // On the server's thread the sleep holds the loop, and no tick runs before the answer.
    expect(ticks).toBeGreaterThan(0);
  });

  it('holds every query while runExclusive runs', async () => {
    const order: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const exclusive = thread.runExclusive(async () => {
      order.push('exclusive start');
      await released;
      order.push('exclusive end');
    });
    await new Promise((r) => setTimeout(r, 50));
    const query = thread.query('select 1').then(() => order.push('query'));
    await new Promise((r) => setTimeout(r, 100));
    release();
    await Promise.all([exclusive, query]);
    expect(order).toEqual(['exclusive start', 'exclusive end', 'query']);
  });
});

describe.each(['worker', 'main'] as const)('bytes on PGlite (%s thread)', (thread) => {
  it('stores and reads back every byte value exactly, as a Buffer', async () => {
    const db = await createTestDatabase({ thread });
    try {
      const user = await insertUser(db.db, `bytes_${thread}`, 'h');
      const book = await createTextbook(db.db, {
        owner: { id: user.id, username: user.username },
        topic: 'Bytes',
        content: bookContent(1),
      });
      // Every byte value, a backslash-x prefix among them, and a length no hex pair aligns by chance.
      const state = Buffer.concat([Buffer.from('\\x00ff'), Buffer.from(Array.from({ length: 256 * 40 + 7 }, (_, i) => (i * 7) % 256))]);
      await db.db.insert(liveDocuments).values({ textbookId: book.id, state, revision: 1, epoch: 'e' });
      const [row] = await db.db.select().from(liveDocuments).where(eq(liveDocuments.textbookId, book.id));
      expect(Buffer.isBuffer(row.state)).toBe(true);
      expect(row.state.equals(state)).toBe(true);
      const raw = await db.db.execute(
        sql`select length(state) as n, substring(state from 1 for 6) = '\\\\x00ff'::bytea as prefix from live_documents where textbook_id = ${book.id}`,
      );
      expect((raw as unknown as { rows: unknown[] }).rows).toEqual([{ n: state.length, prefix: true }]);
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('a PGlite thread that dies', () => {
  it('fails the query in flight and every later one, instead of leaving them waiting', async () => {
    const doomed = await openPglite(undefined, { thread: 'worker' });
    const client = doomed.pglite as PgliteThread;
    const inFlight = client.query('select pg_sleep(5)');
    await (client as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(inFlight).rejects.toThrow(/PGlite thread stopped/);
    await expect(doomed.db.execute(sql`select 1`)).rejects.toThrow();
    await doomed.close();
  }, 60_000);
});

describe('PGlite on its thread, on disk', () => {
  it('syncs commits to disk there, and a backup of its data folder restores the book', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'thread-disk-'));
    const source = await openPglite(dir, { thread: 'worker' });
    const file = path.join(dir, 'backup.tar.gz');
    try {
      await migrateDatabase(source);
      const before = await (source.pglite as PgliteThread).fsyncs();
      const user = await insertUser(source.db, 'disk_owner', 'h');
      await createTextbook(source.db, {
        owner: { id: user.id, username: user.username },
        topic: 'On Disk',
        content: bookContent(2, 'On Disk'),
      });
      expect(await (source.pglite as PgliteThread).fsyncs()).toBeGreaterThan(before);
      await dumpPglite(source, file);
    } finally {
      await source.close();
    }
    const restored = await openPglite(undefined, { loadDataDir: new Blob([readFileSync(file)]), thread: 'worker' });
    try {
      const rows = await restored.db.execute(sql`select topic from textbooks`);
      expect((rows as unknown as { rows: Array<{ topic: string }> }).rows).toEqual([{ topic: 'On Disk' }]);
    } finally {
      await restored.close();
    }
  }, 240_000);
});

describe('PGLITE_THREAD', () => {
  it('runs PGlite on its own thread unless the operator says main', () => {
    const base = { DATA_DIR: '/tmp/ts-config-test', SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).pgliteThread).toBe('worker');
    expect(loadConfig({ ...base, PGLITE_THREAD: 'main' }).pgliteThread).toBe('main');
    expect(loadConfig({ ...base, PGLITE_THREAD: 'elsewhere' }).pgliteThread).toBe('worker');
  });
});
