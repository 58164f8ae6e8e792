import { eq, sql } from 'drizzle-orm';
import type { TextbookContent } from '../../../common/textbook';
import type { DbOrTx } from '../../db/client';
import { textbookSources, textbookVersions, textbooks } from '../../db/schema';

export function insertTextbook(db: DbOrTx, values: { ownerId: number; topic: string; content: TextbookContent }) {
  return db.insert(textbooks).values(values).returning().then((rows) => rows[0]);
}

export function findTextbookById(db: DbOrTx, id: number) {
  return db.select().from(textbooks).where(eq(textbooks.id, id)).limit(1).then((rows) => rows[0]);
}

export async function linkSources(db: DbOrTx, textbookId: number, sourceIds: number[]) {
  if (!sourceIds.length) return;
  await db
    .insert(textbookSources)
    .values([...new Set(sourceIds)].map((sourceId) => ({ textbookId, sourceId })))
    .onConflictDoNothing();
}

export async function nextVersionNumber(db: DbOrTx, textbookId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${textbookVersions.versionNumber}), 0)` })
    .from(textbookVersions)
    .where(eq(textbookVersions.textbookId, textbookId));
  return Number(row?.max ?? 0) + 1;
}

export async function insertVersion(
  db: DbOrTx,
  values: { textbookId: number; description: string; topic: string; content: TextbookContent; revision: number; createdBy: number | null },
) {
  const versionNumber = await nextVersionNumber(db, values.textbookId);
  return db.insert(textbookVersions).values({ ...values, versionNumber }).returning().then((rows) => rows[0]);
}
