import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { sessions, users } from '@server/db/schema';

export function findUserByUsername(db: DbOrTx, username: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1)
    .then((rows) => rows[0]);
}

export function insertUser(db: DbOrTx, username: string, passwordHash: string) {
  return db
    .insert(users)
    .values({ username, passwordHash })
    .returning()
    .then((rows) => rows[0]);
}

export function insertSession(db: DbOrTx, id: string, userId: number, expiresAt: Date) {
  return db.insert(sessions).values({ id, userId, expiresAt, lastSeenAt: new Date() });
}

/** The session's user, when the session has neither reached its end nor been idle since `idleSince`. */
export function findSessionUser(db: DbOrTx, sessionId: string, now: Date, idleSince: Date) {
  return db
    .select({ id: users.id, username: users.username, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function touchSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export function deleteSession(db: DbOrTx, sessionId: string) {
  return db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of the user ("Sign out everywhere"); answers the ids that ended. */
export function deleteUserSessions(db: DbOrTx, userId: number) {
  return db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id })
    .then((rows) => rows.map((r) => r.id));
}

/** Sessions past their end or idle since `idleSince`; answers how many went. */
export function deleteExpiredSessions(db: DbOrTx, now: Date, idleSince: Date) {
  return db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)))
    .returning({ id: sessions.id })
    .then((rows) => rows.length);
}
