import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { collaborators, users } from '@server/db/schema';

export function listCollaborators(db: DbOrTx, textbookId: number) {
  return db
    .select({ userId: collaborators.userId, username: users.username, createdAt: collaborators.createdAt })
    .from(collaborators)
    .innerJoin(users, eq(users.id, collaborators.userId))
    .where(eq(collaborators.textbookId, textbookId))
    .orderBy(asc(collaborators.createdAt), asc(collaborators.userId));
}

/** Inserts unless already there; answers the new row, or nothing when the user already was a collaborator. */
export function insertCollaborator(db: DbOrTx, values: { textbookId: number; userId: number; addedBy: number }) {
  return db
    .insert(collaborators)
    .values(values)
    .onConflictDoNothing()
    .returning({ createdAt: collaborators.createdAt })
    .then((rows) => rows[0]);
}

export function deleteCollaborator(db: DbOrTx, textbookId: number, userId: number) {
  return db
    .delete(collaborators)
    .where(and(eq(collaborators.textbookId, textbookId), eq(collaborators.userId, userId)))
    .returning({ userId: collaborators.userId })
    .then((rows) => rows[0]);
}
