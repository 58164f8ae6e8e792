import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { textbooks } from '@server/db/schema';

/** The trash: textbooks with deleted_at set, restorable by their owner until `since` passes them. */

export async function moveToTrash(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(textbooks)
    .set({ deletedAt: at })
    .where(and(eq(textbooks.id, id), isNull(textbooks.deletedAt)));
}

/** The owner's trashed books deleted after `since`, most recently deleted first. */
export function listTrash(db: DbOrTx, ownerId: number, since: Date) {
  return db
    .select({
      id: textbooks.id,
      topic: textbooks.topic,
      createdAt: textbooks.createdAt,
      deletedAt: textbooks.deletedAt,
      // Only the count: the content can be megabytes.
      chapterCount: sql<number>`coalesce(json_array_length(${textbooks.content}->'chapters'), 0)`,
    })
    .from(textbooks)
    .where(and(eq(textbooks.ownerId, ownerId), isNotNull(textbooks.deletedAt), gt(textbooks.deletedAt, since)))
    .orderBy(desc(textbooks.deletedAt), desc(textbooks.id));
}

/** Takes the owner's book out of the trash; answers whether there was one to restore. */
export async function restoreFromTrash(db: DbOrTx, id: number, ownerId: number, since: Date): Promise<boolean> {
  const rows = await db
    .update(textbooks)
    .set({ deletedAt: null })
    .where(and(eq(textbooks.id, id), eq(textbooks.ownerId, ownerId), isNotNull(textbooks.deletedAt), gt(textbooks.deletedAt, since)))
    .returning({ id: textbooks.id });
  return rows.length > 0;
}

/** Deletes the owner's trashed book for good; answers whether there was one. */
export async function deleteFromTrash(db: DbOrTx, id: number, ownerId: number): Promise<boolean> {
  const rows = await db
    .delete(textbooks)
    .where(and(eq(textbooks.id, id), eq(textbooks.ownerId, ownerId), isNotNull(textbooks.deletedAt)))
    .returning({ id: textbooks.id });
  return rows.length > 0;
}

/** Deletes for good every book trashed before `before`; answers how many. */
export async function purgeTrash(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(textbooks)
    .where(and(isNotNull(textbooks.deletedAt), lt(textbooks.deletedAt, before)))
    .returning({ id: textbooks.id });
  return rows.length;
}
