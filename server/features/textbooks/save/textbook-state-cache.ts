import type { TextbookContent } from '@common/textbook';
import type { Database } from '@server/db/client';
import type { RevisionManifest } from '@server/db/schema';

/**
 * The content and manifest of each textbook's latest saved revision, kept by the
 * process that saved it, so the next save (an autosave a second later) neither
 * reads 5 MB back from the database nor hashes it again.
 *
 * Keyed by database and textbook, and valid for one revision only: the save path
 * reads the row's revision under its row lock and uses an entry only when it
 * matches, so a save by another instance (or any other writer that bumps the
 * revision) simply misses. Entries are remembered only after their transaction
 * committed. The content is frozen: it is shared with every later save, and a
 * caller that changed it in place would change what "already stored and
 * sanitized" means.
 */
export interface SavedState {
  revision: number;
  content: TextbookContent;
  manifest: RevisionManifest;
}

/** Text held (titles and HTML, in UTF-16 units) across all entries of one database; the oldest go first. */
const maxCachedChars = 48 * 1024 * 1024;
const maxEntries = 100;

interface Entry extends SavedState {
  chars: number;
}

const caches = new WeakMap<Database, { entries: Map<number, Entry>; chars: number }>();

function cacheOf(database: Database) {
  let cache = caches.get(database);
  if (!cache) {
    cache = { entries: new Map(), chars: 0 };
    caches.set(database, cache);
  }
  return cache;
}

/** Freezes the content in place (chapters, sections, references) and returns its text length. */
export function freezeContent(content: TextbookContent): number {
  let chars = content.title.length;
  for (const ch of content.chapters) {
    chars += ch.title.length + ch.content.length;
    for (const s of ch.sections) {
      chars += s.title.length + s.content.length;
      Object.freeze(s);
    }
    Object.freeze(ch.sections);
    Object.freeze(ch);
  }
  for (const r of content.references) Object.freeze(r);
  Object.freeze(content.references);
  Object.freeze(content.chapters);
  Object.freeze(content);
  return chars;
}

/** The saved state of `revision`, when this process saved exactly that revision last. */
export function savedState(database: Database, textbookId: number, revision: number): SavedState | undefined {
  const hit = cacheOf(database).entries.get(textbookId);
  return hit && hit.revision === revision ? hit : undefined;
}

/** Call after the transaction that wrote `state` committed. */
export function rememberSavedState(database: Database, textbookId: number, state: SavedState): void {
  const cache = cacheOf(database);
  forgetSavedState(database, textbookId);
  const chars = freezeContent(state.content);
  if (chars > maxCachedChars) return;
  cache.entries.set(textbookId, { ...state, chars });
  cache.chars += chars;
  for (const [id, entry] of cache.entries) {
    if (cache.chars <= maxCachedChars && cache.entries.size <= maxEntries) break;
    cache.entries.delete(id);
    cache.chars -= entry.chars;
  }
}

export function forgetSavedState(database: Database, textbookId: number): void {
  const cache = cacheOf(database);
  const old = cache.entries.get(textbookId);
  if (!old) return;
  cache.entries.delete(textbookId);
  cache.chars -= old.chars;
}
