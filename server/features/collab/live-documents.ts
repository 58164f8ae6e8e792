import { randomUUID } from 'node:crypto';
import type { Document } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { PublicUser } from '@common/auth';
import { AppError } from '@server/core/app-error';
import type { AppDeps } from '@server/http/deps';
import { backgroundContext } from '@server/http/request-context';
import { saveTextbook } from '../textbooks/textbook-save.service';
import * as textbooksRepo from '../textbooks/textbooks.repo';
import * as liveRepo from './live-documents.repo';
import { changedBodyIds } from './live-content';
import type { LiveStoreInput } from './live-save';
import { computeStateOffThread } from './live-state';

/**
 * The server's side of each open live document: loading it (building it from the JSON content
 * the first time, under the textbook's row lock so two instances never build two), knowing what
 * was typed since the last store and by whom, storing through the save path, and taking in what
 * other writers stored.
 */

/** The Yjs origin of everything the server itself writes into a document: never tracked as typing, never stored again. */
export const serverOrigin = { source: 'local' as const, skipStoreHooks: true, context: { server: true } };

export interface LiveDocState {
  textbookId: number;
  epoch: string;
  /** The stored revision whose state this document holds. */
  knownRevision: number;
  /** Bodies changed since the last store. */
  changed: Set<string>;
  /** Who typed since the last store, most recent last. */
  editors: Map<number, PublicUser>;
  /** The textbook was deleted: nothing more is stored. */
  gone: boolean;
}

/** Loads a textbook's stored state, or builds and stores it from the content when it has none. */
export async function loadLiveState(deps: AppDeps, textbookId: number): Promise<{ state: Uint8Array; revision: number; epoch: string }> {
  const existing = await liveRepo.findLiveState(deps.database.db, textbookId);
  if (existing) return existing;
  return deps.database.db.transaction(async (tx) => {
    // Under the row lock: a save (or another instance building it) waits, so state and content match.
    const header = await textbooksRepo.lockTextbook(tx, textbookId);
    if (!header) throw AppError.notFound('Textbook not found');
    const again = await liveRepo.findLiveState(tx, textbookId);
    if (again) return again;
    const content = await textbooksRepo.findTextbookContent(tx, textbookId);
    if (!content) throw AppError.notFound('Textbook not found');
    const state = await computeStateOffThread({ state: null, before: null, after: content });
    const row = { textbookId, state, revision: header.revision, epoch: randomUUID() };
    await liveRepo.insertLiveState(tx, row);
    return row;
  });
}

/** Starts tracking which bodies change, from every origin but the server's own writes. */
export function trackChanges(document: Document, live: LiveDocState): void {
  document.on('afterTransaction', (transaction: Y.Transaction) => {
    if (transaction.origin === serverOrigin || transaction.changed.size === 0) return;
    for (const id of changedBodyIds(transaction)) live.changed.add(id);
  });
}

/** What a store wrote: the revision, and which edits (a Yjs state vector) the stored content holds. */
export interface StoredLive {
  revision: number;
  vector: Uint8Array | null;
}

/**
 * Stores what was typed since the last store through the save path (versions, revision, events),
 * attributed to the most recent typist who may still edit.
 */
export async function storeLiveDocument(deps: AppDeps, document: Document, live: LiveDocState): Promise<StoredLive> {
  if (live.gone) return { revision: live.knownRevision, vector: null };
  // Nothing typed since the last store: everything in the document is stored.
  if (live.changed.size === 0) return { revision: live.knownRevision, vector: Y.encodeStateVector(document) };
  const changed = new Set(live.changed);
  const editors = [...live.editors.values()].reverse();
  live.changed.clear();
  live.editors.clear();
  // Changes that came from another instance only: that instance, where they were typed, stores them.
  if (editors.length === 0) return { revision: live.knownRevision, vector: null };
  try {
    let lastError: unknown = new Error('no one who typed may still edit');
    for (const user of editors) {
      try {
        const input: LiveStoreInput = {
          doc: document,
          changed,
          knownRevision: live.knownRevision,
          editors: editors.map((e) => e.id),
          origin: serverOrigin,
        };
        const saved = await saveTextbook(backgroundContext(deps, user), { textbookId: live.textbookId, content: null, live: input });
        live.knownRevision = Math.max(live.knownRevision, saved.revision);
        return { revision: live.knownRevision, vector: input.storedVector ?? null };
      } catch (err) {
        // Someone removed meanwhile cannot save; the next typist can. A deleted book is gone for all.
        if (!(err instanceof AppError) || (err.code !== 'FORBIDDEN' && err.code !== 'NOT_FOUND')) throw err;
        lastError = err;
      }
    }
    throw lastError;
  } catch (err) {
    // Kept for the next store: nothing typed is dropped because one store failed.
    for (const id of changed) live.changed.add(id);
    for (const user of editors.reverse()) if (!live.editors.has(user.id)) live.editors.set(user.id, user);
    throw err;
  }
}

/** Takes in a state stored by another writer (REST, AI tools, restore, another instance), as edits. */
export async function pullStoredState(deps: AppDeps, document: Document, live: LiveDocState): Promise<void> {
  const header = await liveRepo.findLiveHeader(deps.database.db, live.textbookId);
  if (!header || header.revision <= live.knownRevision) return;
  const stored = await liveRepo.findLiveState(deps.database.db, live.textbookId);
  if (!stored) return;
  // Only what the document lacks is applied; the rest of the state is already in it.
  Y.applyUpdate(document, Y.diffUpdate(stored.state, Y.encodeStateVector(document)), serverOrigin);
  live.knownRevision = Math.max(live.knownRevision, stored.revision);
}
