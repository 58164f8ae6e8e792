import { and, asc, eq, ne, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { collaborators, users } from '@server/db/schema';

export function findUserById(db: DbOrTx, id: number) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

/** LIKE treats % and _ as wildcards: a search for "a_b" must find "a_b", not "axb". */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case-insensitive substring match, prefix matches first, then alphabetical.
 * Leaves out the caller and, for a textbook, its owner and collaborators.
 */
export function searchUsers(
  db: DbOrTx,
  input: { term: string; callerId: number; limit: number; textbook?: { id: number; ownerId: number } },
) {
  const needle = escapeLike(input.term.toLowerCase());
  const name = sql`lower(${users.username})`;
  const { textbook } = input;
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        sql`${name} like ${`%${needle}%`} escape '\\'`,
        ne(users.id, input.callerId),
        textbook ? ne(users.id, textbook.ownerId) : undefined,
        textbook
          ? notExists(
              db
                .select({ one: sql`1` })
                .from(collaborators)
                .where(and(eq(collaborators.textbookId, textbook.id), eq(collaborators.userId, users.id))),
            )
          : undefined,
      ),
    )
    .orderBy(sql`case when ${name} like ${`${needle}%`} escape '\\' then 0 else 1 end`, asc(name), asc(users.id))
    .limit(input.limit);
}
