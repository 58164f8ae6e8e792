import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { collaborationBlocks, collaborators, users } from '@server/db/schema';

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

export function insertBlock(db: DbOrTx, userId: number, ownerId: number) {
  return db.insert(collaborationBlocks).values({ userId, ownerId }).onConflictDoNothing();
}

export function deleteBlock(db: DbOrTx, userId: number, ownerId: number) {
  return db
    .delete(collaborationBlocks)
    .where(and(eq(collaborationBlocks.userId, userId), eq(collaborationBlocks.ownerId, ownerId)))
    .returning({ ownerId: collaborationBlocks.ownerId })
    .then((rows) => rows[0]);
}

export function isBlocked(db: DbOrTx, userId: number, ownerId: number) {
  return db
    .select({ ownerId: collaborationBlocks.ownerId })
    .from(collaborationBlocks)
    .where(and(eq(collaborationBlocks.userId, userId), eq(collaborationBlocks.ownerId, ownerId)))
    .limit(1)
    .then((rows) => rows.length > 0);
}

export function listBlocks(db: DbOrTx, userId: number) {
  return db
    .select({ ownerId: collaborationBlocks.ownerId, username: users.username, createdAt: collaborationBlocks.createdAt })
    .from(collaborationBlocks)
    .innerJoin(users, eq(users.id, collaborationBlocks.ownerId))
    .where(eq(collaborationBlocks.userId, userId))
    .orderBy(asc(collaborationBlocks.createdAt));
}
