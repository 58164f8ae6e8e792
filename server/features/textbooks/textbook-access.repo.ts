import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@server/db/client';
import { collaborators, textbooks, type TextbookRow } from '@server/db/schema';

/**
 * The queries behind textbooks.policy.ts: a textbook and the user's role on it (owner or
 * collaborator). A book in the trash is found by neither: it is 404 to everyone, its owner
 * included, until restored (textbook-trash.ts).
 */
export type TextbookRole = 'owner' | 'collaborator';

/** A textbook's header: what a reader sees besides the content (which can be megabytes). */
export const textbookHeaderColumns = {
  id: textbooks.id,
  ownerId: textbooks.ownerId,
  topic: textbooks.topic,
  revision: textbooks.revision,
  createdAt: textbooks.createdAt,
  updatedAt: textbooks.updatedAt,
};

/**
 * The one query for a textbook by id with the trash filter: its header and the `extra` columns,
 * or undefined when there is no such book or it is in the trash (or the id is not a valid one).
 */
export async function findLiveTextbook<E extends SelectedFields>(db: DbOrTx, id: number, extra: E) {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await db
    .select({ ...textbookHeaderColumns, ...extra })
    .from(textbooks)
    .where(and(eq(textbooks.id, id), isNull(textbooks.deletedAt)))
    .limit(1);
  return row;
}

export async function findTextbookRole(
  db: DbOrTx,
  textbookId: number,
  userId: number,
): Promise<{ textbook: TextbookRow; role: TextbookRole } | null> {
  const textbook: TextbookRow | undefined = await findLiveTextbook(db, textbookId, getTableColumns(textbooks));
  if (!textbook) return null;
  if (textbook.ownerId === userId) return { textbook, role: 'owner' };
  const [collab] = await db
    .select({ userId: collaborators.userId })
    .from(collaborators)
    .where(and(eq(collaborators.textbookId, textbookId), eq(collaborators.userId, userId)))
    .limit(1);
  return collab ? { textbook, role: 'collaborator' } : null;
}

/** The textbook's header (no content) and the user's role, in one query. */
export async function findTextbookHeaderRole(db: DbOrTx, textbookId: number, userId: number) {
  const row = await findLiveTextbook(db, textbookId, {
    isCollaborator: sql<boolean>`exists (select 1 from ${collaborators} where ${collaborators.textbookId} = ${textbooks.id} and ${collaborators.userId} = ${userId})`,
  });
  if (!row) return null;
  const { isCollaborator, ...textbook } = row;
  const role: TextbookRole | null = textbook.ownerId === userId ? 'owner' : isCollaborator ? 'collaborator' : null;
  return role ? { textbook, role } : null;
}
export type TextbookHeader = NonNullable<Awaited<ReturnType<typeof findTextbookHeaderRole>>>['textbook'];
