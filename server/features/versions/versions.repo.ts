import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TextbookContent } from '@common/textbook';
import type { DbOrTx } from '@server/db/client';
import { textbookVersions, textbooks, users } from '@server/db/schema';

const columns = {
  id: textbookVersions.id,
  textbookId: textbookVersions.textbookId,
  versionNumber: textbookVersions.versionNumber,
  description: textbookVersions.description,
  topic: textbookVersions.topic,
  // The newest version may hold no copy: it is the textbook's current content (see the schema).
  content: sql<TextbookContent>`coalesce(${textbookVersions.content}, ${textbooks.content})`,
  revision: textbookVersions.revision,
  createdAt: textbookVersions.createdAt,
  updatedAt: textbookVersions.updatedAt,
  createdById: users.id,
  createdByName: users.username,
};

const headerColumns = {
  id: textbookVersions.id,
  versionNumber: textbookVersions.versionNumber,
  description: textbookVersions.description,
  topic: textbookVersions.topic,
  revision: textbookVersions.revision,
  createdAt: textbookVersions.createdAt,
  updatedAt: textbookVersions.updatedAt,
  createdById: users.id,
  createdByName: users.username,
  /** Stored (compressed) size of the content: what listing it would cost. */
  storedBytes: sql<number>`coalesce(pg_column_size(${textbookVersions.content}), pg_column_size(${textbooks.content}))`,
};

/** Newest first, without content. */
export function listVersionHeaders(db: DbOrTx, textbookId: number, limit: number) {
  return db
    .select(headerColumns)
    .from(textbookVersions)
    .innerJoin(textbooks, eq(textbooks.id, textbookVersions.textbookId))
    .leftJoin(users, eq(users.id, textbookVersions.createdBy))
    .where(eq(textbookVersions.textbookId, textbookId))
    .orderBy(desc(textbookVersions.versionNumber))
    .limit(limit);
}

export function listVersionContents(db: DbOrTx, textbookId: number, versionIds: number[]) {
  if (!versionIds.length) return Promise.resolve([]);
  return db
    .select({ id: textbookVersions.id, content: columns.content })
    .from(textbookVersions)
    .innerJoin(textbooks, eq(textbooks.id, textbookVersions.textbookId))
    .where(and(eq(textbookVersions.textbookId, textbookId), inArray(textbookVersions.id, versionIds)));
}

/** Scoped to the textbook: another textbook's version id is simply not found. */
export function findVersion(db: DbOrTx, textbookId: number, versionId: number) {
  return db
    .select(columns)
    .from(textbookVersions)
    .innerJoin(textbooks, eq(textbooks.id, textbookVersions.textbookId))
    .leftJoin(users, eq(users.id, textbookVersions.createdBy))
    .where(and(eq(textbookVersions.textbookId, textbookId), eq(textbookVersions.id, versionId)))
    .limit(1)
    .then((rows) => rows[0]);
}
