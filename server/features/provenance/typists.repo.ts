import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { users } from '@server/db/schema';

/** User names by id, for the "typed by" of a chapter's blocks (an id no longer in the table is left out). */
export async function userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}
