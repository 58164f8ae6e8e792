/**
 * The reader's JSON of a book, kept per textbook for the revision and link it was made for: a class
 * opening a 5 MB book together costs one read and one serialization, not thirty. The token is
 * still looked up on every request before this is consulted, so a revoked link never reaches it,
 * and the stored revision is compared every time, so an edit (on any instance) is never served stale.
 */
interface Entry {
  revision: number;
  imageBase: string;
  bytes: Buffer;
}

const maxEntries = 16;
const maxBytes = 128 * 1024 * 1024;
/** Per database, so apps in one process (tests, several instances) never share entries. */
const caches = new WeakMap<object, Map<number, Entry>>();
const building = new WeakMap<object, Map<string, Promise<Entry>>>();

function cacheOf(db: object): Map<number, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/**
 * The cached bytes for this book at this revision and link, or the result of `build` (made once
 * even when many requests ask at the same moment). `build` answers the revision it actually read.
 */
export async function sharedContentBytes(
  db: object,
  key: { textbookId: number; revision: number; imageBase: string },
  build: () => Promise<Entry>,
): Promise<Buffer> {
  const cache = cacheOf(db);
  const hit = cache.get(key.textbookId);
  if (hit && hit.revision === key.revision && hit.imageBase === key.imageBase) {
    // Most recently used last: the first entry is the one to drop.
    cache.delete(key.textbookId);
    cache.set(key.textbookId, hit);
    return hit.bytes;
  }
  let inFlight = building.get(db);
  if (!inFlight) building.set(db, (inFlight = new Map()));
  const flightKey = `${key.textbookId}:${key.revision}:${key.imageBase}`;
  let pending = inFlight.get(flightKey);
  if (!pending) {
    pending = build().finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, pending);
    const entry = await pending;
    cache.delete(key.textbookId);
    cache.set(key.textbookId, entry);
    let total = [...cache.values()].reduce((sum, e) => sum + e.bytes.length, 0);
    for (const [id, e] of cache) {
      if (cache.size <= maxEntries && total <= maxBytes) break;
      cache.delete(id);
      total -= e.bytes.length;
    }
    return entry.bytes;
  }
  return (await pending).bytes;
}

/** Drops a book's entry (its link was revoked or replaced): its bytes name a dead token's image path. */
export function forgetSharedContent(db: object, textbookId: number): void {
  caches.get(db)?.delete(textbookId);
}
