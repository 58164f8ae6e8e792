import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';

export function findUserByUsername(db: DbOrTx, username: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1)
    .then((rows) => rows[0]);
}

export function findUserById(db: DbOrTx, id: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
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
  return db.insert(sessions).values({ id, userId, expiresAt });
}

export function findSessionUser(db: DbOrTx, sessionId: string) {
  return db
    .select({ id: users.id, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1)
    .then((rows) => rows[0]);
}

export function deleteSession(db: DbOrTx, sessionId: string) {
  return db.delete(sessions).where(eq(sessions.id, sessionId));
}

export function deleteExpiredSessions(db: DbOrTx) {
  return db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
