import { randomUUID } from 'node:crypto';
import type { Document } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { PublicUser } from '@common/auth';
import { AppError } from '@server/core/app-error';
import type { AppDeps } from '@server/features/app-deps';
import { backgroundContext } from '@server/features/request-context';
import { saveTextbook } from '../textbooks/save/textbook-save.service';
import * as textbooksRepo from '../textbooks/textbooks.repo';
import * as liveRepo from '../textbooks/save/live-documents.repo';
import { bodiesOf, changedBodyIds } from '../textbooks/save/live-content';
import type { DocumentSize } from './live-limits';
import type { LiveStoreInput, StoredCopy } from '../textbooks/save/live-save';
import { computeStateOffThread, missingUpdateOffThread, stateVectorOffThread } from '../textbooks/save/live-state';
import { repairStateOffThread } from './live-repair';

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
  /** The chapter and section ids of the stored content: the bodies typing may go into. */
  bodies: Set<string>;
  /**
   * Bodies the book had while the document was open and no longer has (a restructuring or another save removed
   * them): an editor still showing one may write into it, and that is accepted and never stored (takeBodies).
   */
  retired: Set<string>;
  /** When `bodies` was last read for an update naming an unknown body (ms since the epoch). */
  bodiesReadAt: number;
  /** How large the document is (update-policy refuses what would pass the limit). */
  size: DocumentSize;
  /** Who has the document open here for editing, by user id (a count of their connections). */
  present: Map<number, { user: PublicUser; connections: number }>;
  /** Typing that came from other instances and is not yet known to be in the stored book. */
  foreign: ForeignTyping | null;
  /** The large stored state this instance last loaded or wrote (live-save.ts reads none while it is current). */
  storedCopy?: StoredCopy;
}

/**
 * Typing another instance sent (through Redis) is stored by that instance, where it was typed.
 * This one keeps track of it until the stored book is seen to hold it: if the other instance
 * stops storing (it died), this one stores it, so what a browser shows is never only in memory
 * and "Saved" is said only for what the book holds.
 */
export interface ForeignTyping {
  /** When this instance last saw the other instances store (or first held the typing), ms since the epoch. */
  since: number;
  /** The stored revision then. */
  revision: number;
  /** The document's state vector when the typing was last taken in: what the stored book must hold. */
  vector: Uint8Array;
  /** The bodies the typing went into. */
  bodies: Set<string>;
}

/** How long typing from another instance may wait, with no store by anyone, before this instance stores it. */
export const foreignStoreGraceMs = 5_000;

export interface LoadedLiveState {
  state: Uint8Array;
  revision: number;
  epoch: string;
  bodies: Set<string>;
}

/**
 * The book's bodies from now on. One it no longer has is retired, not forgotten: the editor of a user who was
 * reading it when a restructuring replaced the chapters still writes into it (ProseMirror puts an empty paragraph
 * into a body emptied under it), and refusing that would close their socket on every reconnect and hold back all
 * of their other typing. What goes into a retired body is never stored: a store reads only the book's own bodies.
 */
export function takeBodies(live: Pick<LiveDocState, 'bodies' | 'retired'>, next: Set<string>): void {
  for (const id of live.bodies) if (!next.has(id)) live.retired.add(id);
  for (const id of next) live.retired.delete(id);
  live.bodies = next;
}

/**
 * Bodies a save just added (its event names them): the book has them, so typing into them is taken at once, before
 * the stored state is pulled in (the editor opens a new chapter from the save's answer). The pull confirms them.
 */
export function addBodies(live: Pick<LiveDocState, 'bodies' | 'retired'>, ids: Iterable<string>): void {
  for (const id of ids) {
    live.bodies.add(id);
    live.retired.delete(id);
  }
}

/** The bodies typing may go into: the book's own and the retired ones. */
export function writableBodies(live: Pick<LiveDocState, 'bodies' | 'retired'>): { has(id: string): boolean } {
  return { has: (id) => live.bodies.has(id) || live.retired.has(id) };
}

/** The chapter and section ids of a textbook's stored content. */
export async function storedBodyIds(deps: AppDeps, textbookId: number): Promise<Set<string>> {
  const content = await textbooksRepo.findTextbookContent(deps.database.db, textbookId);
  return new Set(content ? bodiesOf(content).keys() : []);
}

/**
 * A stored state that holds what the schema does not allow (data written beside the bodies
 * before update-policy.ts looked there) is rebuilt from the content, under the row lock, as a
 * new lineage: browsers then never merge offline edits made against the old one.
 */
async function repairedState(deps: AppDeps, textbookId: number, existing: { state: Uint8Array; revision: number; epoch: string }) {
  const content = await textbooksRepo.findTextbookContent(deps.database.db, textbookId);
  if (!content) throw AppError.notFound('Textbook not found');
  const bodies = new Set(bodiesOf(content).keys());
  const repaired = await repairStateOffThread({ repair: existing.state, content });
  if (!repaired.problem) return { ...existing, bodies };
  return deps.database.db.transaction(async (tx) => {
    const header = await textbooksRepo.lockTextbook(tx, textbookId);
    if (!header) throw AppError.notFound('Textbook not found');
    const current = await liveRepo.findLiveState(tx, textbookId);
    // A save (which writes the state too) or another instance got here first: its state is checked on the next load.
    if (!current || current.revision !== existing.revision || current.epoch !== existing.epoch) return { ...(current ?? existing), bodies };
    // No save since the state was read, so the content read with it is the content of this revision.
    const state = repaired.state;
    const row = { state, revision: current.revision, epoch: randomUUID() };
    await liveRepo.replaceLiveState(tx, textbookId, row);
    deps.log.warn(
      { textbookId, problem: repaired.problem, dropped: repaired.dropped, bytesBefore: existing.state.length, bytesAfter: state.length },
      'live document repaired: what lay outside the chapters and sections was dropped',
    );
    return { ...row, bodies };
  });
}

/** Loads a textbook's stored state (repaired when it holds junk), or builds and stores it from the content when it has none. */
export async function loadLiveState(deps: AppDeps, textbookId: number): Promise<LoadedLiveState> {
  const existing = await liveRepo.findLiveState(deps.database.db, textbookId);
  if (existing) return repairedState(deps, textbookId, existing);
  const built = await deps.database.db.transaction(async (tx) => {
    // Under the row lock: a save (or another instance building it) waits, so state and content match.
    const header = await textbooksRepo.lockTextbook(tx, textbookId);
    if (!header) throw AppError.notFound('Textbook not found');
    const again = await liveRepo.findLiveState(tx, textbookId);
    // Built by another instance meanwhile: checked like any stored state.
    if (again) return again;
    const content = await textbooksRepo.findTextbookContent(tx, textbookId);
    if (!content) throw AppError.notFound('Textbook not found');
    const state = await computeStateOffThread({ state: null, before: null, after: content });
    const row = { textbookId, state, revision: header.revision, epoch: randomUUID() };
    await liveRepo.insertLiveState(tx, row);
    return { ...row, bodies: new Set(bodiesOf(content).keys()) };
  });
  return 'bodies' in built ? built : repairedState(deps, textbookId, built);
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

/** Every client's clock in `of` is reached in `vector`: the edits of `of` are all in `vector`. */
function covers(vector: Uint8Array, of: Uint8Array): boolean {
  const have = Y.decodeStateVector(vector);
  for (const [client, clock] of Y.decodeStateVector(of)) if ((have.get(client) ?? 0) < clock) return false;
  return true;
}

/** Takes typing from other instances (tracked in `changed` while no one here typed) into `foreign`. */
async function holdForeign(deps: AppDeps, document: Document, live: LiveDocState): Promise<void> {
  const header = live.foreign ? null : await liveRepo.findLiveHeader(deps.database.db, live.textbookId);
  // Read in one turn with the bodies taken from `changed`: typing after it is tracked there again.
  const vector = Y.encodeStateVector(document);
  live.foreign ??= { since: Date.now(), revision: header?.revision ?? live.knownRevision, vector, bodies: new Set() };
  live.foreign.vector = vector;
  for (const id of live.changed) live.foreign.bodies.add(id);
  live.changed.clear();
}

/**
 * Whether this instance must store the typing it holds from others: not when the stored book
 * already holds it, nor while the others keep storing (a new revision within the grace), which
 * starts the wait again.
 */
async function foreignNeedsStore(deps: AppDeps, live: LiveDocState, foreign: ForeignTyping, graceMs: number): Promise<boolean> {
  if (Date.now() - foreign.since < graceMs) return false;
  const stored = await liveRepo.findLiveState(deps.database.db, live.textbookId);
  if (!stored) return true;
  // The stored state is written with the content it matches (live-save.ts): what it holds, the book holds.
  if (covers(await stateVectorOffThread(stored.state), foreign.vector)) {
    if (live.foreign === foreign) live.foreign = null;
    return false;
  }
  if (stored.revision > foreign.revision) {
    foreign.since = Date.now();
    foreign.revision = stored.revision;
    return false;
  }
  return true;
}

/**
 * Stores what was typed since the last store through the save path (versions, revision, events),
 * attributed to the most recent typist who may still edit. Typing that came only from other
 * instances is theirs to store; this instance stores it (attributed to who has the document open
 * here) once they have not stored for `graceMs`.
 */
export async function storeLiveDocument(
  deps: AppDeps,
  document: Document,
  live: LiveDocState,
  graceMs = foreignStoreGraceMs,
): Promise<StoredLive> {
  if (live.gone) return { revision: live.knownRevision, vector: null };
  const typists = [...live.editors.values()].reverse();
  let editors = typists;
  if (editors.length === 0 && live.changed.size > 0) await holdForeign(deps, document, live);
  const foreign = live.foreign;
  if (editors.length === 0 && foreign) {
    if (!(await foreignNeedsStore(deps, live, foreign, graceMs))) return { revision: live.knownRevision, vector: null };
    editors = [...live.present.values()].reverse().map((p) => p.user);
    // No one here to store it as: kept until someone opens the document here (or the others store it).
    if (editors.length === 0) return { revision: live.knownRevision, vector: null };
  }
  // Nothing typed since the last store: everything in the document is stored.
  if (live.changed.size === 0 && !foreign) return { revision: live.knownRevision, vector: Y.encodeStateVector(document) };
  const changed = new Set([...live.changed, ...(foreign?.bodies ?? [])]);
  live.changed.clear();
  live.editors.clear();
  live.foreign = null;
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
          storedCopy: live.storedCopy,
        };
        const saved = await saveTextbook(backgroundContext(deps, user), { textbookId: live.textbookId, content: null, live: input });
        live.knownRevision = Math.max(live.knownRevision, saved.revision);
        live.storedCopy = input.storedCopy;
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
    live.foreign ??= foreign;
    for (const user of typists.reverse()) if (!live.editors.has(user.id)) live.editors.set(user.id, user);
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
  Y.applyUpdate(document, await missingUpdateOffThread(stored.state, Y.encodeStateVector(document)), serverOrigin);
  live.knownRevision = Math.max(live.knownRevision, stored.revision);
  takeBodies(live, await storedBodyIds(deps, live.textbookId));
}
