import { and, inArray, isNull, gt, lt, or, sql, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { loginFailures } from '@server/db/schema';

/** The latest end of a block among these keys that is still in force. */
export function latestBlock(db: DbOrTx, keys: string[], now: Date) {
  return db
    .select({ until: sql<Date | string | null>`max(${loginFailures.blockedUntil})` })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.blockedUntil, now)))
    .then((rows) => {
      const until = rows[0]?.until;
      return until ? new Date(until) : undefined;
    });
}

/**
 * One more failure for the key, in one statement so two instances counting at once both count.
 * A count whose last failure is older than `forgetBefore` and that blocks no more starts again.
 */
export function countFailure(db: DbOrTx, key: string, now: Date, forgetBefore: Date): Promise<number> {
  return db
    .insert(loginFailures)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz
          and (${loginFailures.blockedUntil} is null or ${loginFailures.blockedUntil} < ${now.toISOString()}::timestamptz)
          then 1 else ${loginFailures.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginFailures.failures })
    .then((rows) => rows[0]?.failures ?? 1);
}

export async function blockUntil(db: DbOrTx, key: string, until: Date): Promise<void> {
  await db.update(loginFailures).set({ blockedUntil: until }).where(eq(loginFailures.key, key));
}

export async function clearKey(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export async function deleteStale(db: DbOrTx, forgetBefore: Date, now: Date): Promise<number> {
  const rows = await db
    .delete(loginFailures)
    .where(and(lt(loginFailures.lastFailureAt, forgetBefore), or(isNull(loginFailures.blockedUntil), lt(loginFailures.blockedUntil, now))))
    .returning({ key: loginFailures.key });
  return rows.length;
}
