import type { PublicUser } from '@common/auth';
import type { Db } from '@server/db/client';

/**
 * Sessions this process looked up in the last few seconds, so that a burst of requests (a page
 * load, autosaves) does not read the sessions table for each. Short-lived on purpose: a session
 * ended on another instance is forgotten here within `ttlMs` even if its event is lost; logout
 * and "Sign out everywhere" evict at once (here, and on other instances through the event bus).
 */
export const sessionCacheTtlMs = 5_000;
const maxEntries = 10_000;

interface Entry {
  user: PublicUser;
  checkedAt: number;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export function cachedSession(db: Db, sessionId: string, now = Date.now()): PublicUser | undefined {
  const cache = cacheOf(db);
  const hit = cache.get(sessionId);
  if (!hit) return undefined;
  if (now - hit.checkedAt >= sessionCacheTtlMs) {
    cache.delete(sessionId);
    return undefined;
  }
  return hit.user;
}

export function rememberSession(db: Db, sessionId: string, user: PublicUser, now = Date.now()): void {
  const cache = cacheOf(db);
  cache.delete(sessionId);
  cache.set(sessionId, { user, checkedAt: now });
  // Insertion order is age order: the oldest go first.
  while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
}

/** Forgets the given sessions, or every session of the user when no ids are given. */
export function forgetSessions(db: Db, ended: { userId: number; sessionIds?: string[] }): void {
  const cache = cacheOf(db);
  if (ended.sessionIds) {
    for (const id of ended.sessionIds) cache.delete(id);
    return;
  }
  for (const [id, entry] of cache) if (entry.user.id === ended.userId) cache.delete(id);
}
