/**
 * The revision of a textbook each user last read or wrote through the API, so that a PATCH
 * without `baseRevision` (the spec's clients send none) can tell whether it replaces changes its
 * sender never saw. In memory, per instance, bounded: a user unknown here (another instance, a
 * restart) counts as having seen nothing, which only costs an extra version.
 */
const maxEntries = 20_000;
const seen = new Map<string, number>();

const keyOf = (userId: number, textbookId: number) => `${userId}:${textbookId}`;

export function markSeen(userId: number, textbookId: number, revision: number): void {
  const key = keyOf(userId, textbookId);
  seen.delete(key);
  seen.set(key, Math.max(revision, 0));
  if (seen.size > maxEntries) seen.delete(seen.keys().next().value as string);
}

/** The revision the user last read or wrote, or 0 when unknown (then nothing can be said: no version is added). */
export function lastSeen(userId: number, textbookId: number): number {
  return seen.get(keyOf(userId, textbookId)) ?? 0;
}
