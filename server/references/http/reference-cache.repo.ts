import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { referenceCache } from '@server/db/schema';

/** Answers of scholarly APIs by provider + URL (without credentials); rows older than the TTL are ignored. */
export async function findCachedAnswer(db: DbOrTx, key: string, maxAgeMs: number): Promise<unknown | undefined> {
  const since = new Date(Date.now() - maxAgeMs);
  const [row] = await db
    .select({ body: referenceCache.body })
    .from(referenceCache)
    .where(and(eq(referenceCache.key, key), gt(referenceCache.createdAt, since)))
    .limit(1);
  return row?.body;
}

export async function saveCachedAnswer(db: DbOrTx, key: string, provider: string, body: unknown): Promise<void> {
  const createdAt = new Date();
  await db
    .insert(referenceCache)
    .values({ key, provider, body, createdAt })
    .onConflictDoUpdate({ target: referenceCache.key, set: { body, provider, createdAt } });
}
