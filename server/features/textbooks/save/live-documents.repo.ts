import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { liveDocuments } from '@server/db/schema';

/** The live document's header: which revision its stored state matches, its lineage, and the state's size in bytes. */
export async function findLiveHeader(db: DbOrTx, textbookId: number): Promise<{ revision: number; epoch: string; bytes: number } | null> {
  const [row] = await db
    .select({
      revision: liveDocuments.revision,
      epoch: liveDocuments.epoch,
      bytes: sql<number>`octet_length(${liveDocuments.state})`.mapWith(Number),
    })
    .from(liveDocuments)
    .where(eq(liveDocuments.textbookId, textbookId))
    .limit(1);
  return row ?? null;
}

export async function findLiveState(db: DbOrTx, textbookId: number): Promise<{ state: Buffer; revision: number; epoch: string } | null> {
  const [row] = await db
    .select({ state: liveDocuments.state, revision: liveDocuments.revision, epoch: liveDocuments.epoch })
    .from(liveDocuments)
    .where(eq(liveDocuments.textbookId, textbookId))
    .limit(1);
  return row ?? null;
}

export async function insertLiveState(db: DbOrTx, row: { textbookId: number; state: Uint8Array; revision: number; epoch: string }) {
  await db.insert(liveDocuments).values({ ...row, state: Buffer.from(row.state) });
}

export async function updateLiveState(db: DbOrTx, textbookId: number, row: { state: Uint8Array; revision: number }) {
  await db
    .update(liveDocuments)
    .set({
      state: Buffer.from(row.state.buffer, row.state.byteOffset, row.state.byteLength),
      revision: row.revision,
      updatedAt: sql`now()`,
    })
    .where(eq(liveDocuments.textbookId, textbookId));
}

/** A new state and lineage (a repaired document): browsers holding the old lineage start over from it. */
export async function replaceLiveState(db: DbOrTx, textbookId: number, row: { state: Uint8Array; revision: number; epoch: string }) {
  await db
    .update(liveDocuments)
    .set({ state: Buffer.from(row.state), revision: row.revision, epoch: row.epoch, updatedAt: sql`now()` })
    .where(eq(liveDocuments.textbookId, textbookId));
}
