import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { collaborators, textbooks, users } from '@server/db/schema';

/** The content as the JSON text the database holds: the export worker parses it, not the main thread. */
export function findContentText(db: DbOrTx, textbookId: number) {
  return db
    .select({ text: sql<string>`${textbooks.content}::text` })
    .from(textbooks)
    .where(eq(textbooks.id, textbookId))
    .limit(1)
    .then((rows) => rows[0]?.text);
}

export function findOwnerName(db: DbOrTx, textbookId: number) {
  return db
    .select({ username: users.username })
    .from(textbooks)
    .innerJoin(users, eq(users.id, textbooks.ownerId))
    .where(eq(textbooks.id, textbookId))
    .limit(1)
    .then((rows) => rows[0]?.username);
}

/** Collaborators in the order they were added. */
export function listCollaboratorNames(db: DbOrTx, textbookId: number) {
  return db
    .select({ username: users.username })
    .from(collaborators)
    .innerJoin(users, eq(users.id, collaborators.userId))
    .where(eq(collaborators.textbookId, textbookId))
    .orderBy(asc(collaborators.createdAt), asc(users.id))
    .then((rows) => rows.map((r) => r.username));
}
