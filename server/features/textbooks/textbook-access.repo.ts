import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { collaborators, textbooks, type TextbookRow } from '@server/db/schema';

/**
 * The queries behind textbooks.policy.ts: a textbook and the user's role on it (owner or
 * collaborator). A book in the trash is found by neither: it is 404 to everyone, its owner
 * included, until restored (textbook-trash.ts).
 */
export type TextbookRole = 'owner' | 'collaborator';

export async function findTextbookRole(
  db: DbOrTx,
  textbookId: number,
  userId: number,
): Promise<{ textbook: TextbookRow; role: TextbookRole } | null> {
  if (!Number.isSafeInteger(textbookId) || textbookId <= 0) return null;
  const [textbook] = await db
    .select()
    .from(textbooks)
    .where(and(eq(textbooks.id, textbookId), isNull(textbooks.deletedAt)))
    .limit(1);
  if (!textbook) return null;
  if (textbook.ownerId === userId) return { textbook, role: 'owner' };
  const [collab] = await db
    .select({ userId: collaborators.userId })
    .from(collaborators)
    .where(and(eq(collaborators.textbookId, textbookId), eq(collaborators.userId, userId)))
    .limit(1);
  return collab ? { textbook, role: 'collaborator' } : null;
}

/** The textbook's header (no content, which can be megabytes) and the user's role, in one query. */
export async function findTextbookHeaderRole(db: DbOrTx, textbookId: number, userId: number) {
  if (!Number.isSafeInteger(textbookId) || textbookId <= 0) return null;
  const [row] = await db
    .select({
      id: textbooks.id,
      ownerId: textbooks.ownerId,
      topic: textbooks.topic,
      revision: textbooks.revision,
      createdAt: textbooks.createdAt,
      updatedAt: textbooks.updatedAt,
      collaboratorId: collaborators.userId,
    })
    .from(textbooks)
    .leftJoin(collaborators, and(eq(collaborators.textbookId, textbooks.id), eq(collaborators.userId, userId)))
    .where(and(eq(textbooks.id, textbookId), isNull(textbooks.deletedAt)))
    .limit(1);
  if (!row) return null;
  const { collaboratorId, ...textbook } = row;
  const role: TextbookRole | null = textbook.ownerId === userId ? 'owner' : collaboratorId !== null ? 'collaborator' : null;
  return role ? { textbook, role } : null;
}
export type TextbookHeader = NonNullable<Awaited<ReturnType<typeof findTextbookHeaderRole>>>['textbook'];
