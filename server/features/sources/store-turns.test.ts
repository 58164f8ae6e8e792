import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { createTestDatabase } from '@server/test/test-db.support';
import { insertUser } from '../auth/auth.repo';
import { insertChunks, insertSource, listChunks } from './sources.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('storing a large source gives other requests their turn', () => {
  it('inserts many chunks in batches with event-loop turns between them, every chunk stored in order', async () => {
    const user = await insertUser(database.db, 'turns_owner', 'x');
    const source = await insertSource(database.db, {
      ownerId: user.id,
      sha256: 'a'.repeat(64),
      filename: 'notes.txt',
      mime: 'text/plain',
      byteSize: 1,
      text: 'notes',
      structure: {},
    });
    const rows = Array.from({ length: 350 }, (_, i) => ({
      sourceId: source!.id,
      ordinal: i,
      headingPath: [],
      text: `Chunk ${i} of the notes.`,
      embedding: null,
      embeddingModel: null,
    }));
    // A callback queued for the next turn runs before the insert finishes only if the insert yields.
    let otherRequestRan = false;
    setImmediate(() => (otherRequestRan = true));
    const ids = await insertChunks(database.db, rows);
    expect(otherRequestRan).toBe(true);
    expect(ids.map((r) => r.ordinal)).toEqual(rows.map((r) => r.ordinal));
    expect((await listChunks(database.db, [source!.id])).length).toBe(350);
  });
});
