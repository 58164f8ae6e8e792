import type { Node as PmNode } from '@tiptap/pm/model';
import * as Y from 'yjs';
import type { TextbookContent } from '@common/textbook';
import type { Tx } from '@server/db/client';
import { parseBody } from './body-html';
import { readBody, writeBodies } from './live-content';
import * as liveRepo from './live-documents.repo';
import { computeStateOffThread, largeStateBytes, mergeStateOffThread, missingUpdateOffThread, stateVectorOffThread } from './live-state';

/**
 * The live document's part of the one save path (textbook-save.service.ts), inside its
 * transaction and under its row lock, so JSON content and Yjs state are always written together.
 */

/** What a live document's store brings to the save path. */
export interface LiveStoreInput {
  doc: Y.Doc;
  /** The bodies changed in the document since its last store. */
  changed: ReadonlySet<string>;
  /** The stored revision whose state the document already holds (null: unknown). */
  knownRevision: number | null;
  /** Everyone who typed since the last store: one version keeps coalescing while any of them saves. */
  editors: readonly number[];
  /** The Yjs transaction origin for what the server writes into the document. */
  origin: unknown;
  /** Set by the save: the document's state vector when its bodies were read (what the stored content holds). */
  storedVector?: Uint8Array;
  /** Set by the save: the document's state in the same turn as its bodies were read (what is stored as the live state). */
  storedState?: Uint8Array;
  /**
   * Set by the save for a large state: the stored state and its vector, read before the bodies;
   * then `storedState` is not taken, only what the document holds beyond it (`storedDiff`), and
   * the worker merges the two (encoding a 20 MB document would hold the main thread for a second).
   */
  storedBase?: StoredCopy;
  storedDiff?: Uint8Array;
  /**
   * The stored state this process last read or wrote for the document, kept with it: a large
   * store then reads no state from the database (20 MB each time) when no one else wrote since.
   * Updated by the save when it writes a large state through the worker.
   */
  storedCopy?: StoredCopy;
}

/** A stored live state as this process holds it: its revision, its bytes, and its state vector once known. */
export interface StoredCopy {
  revision: number;
  state: Uint8Array;
  vector?: Uint8Array;
}

/**
 * Takes the document's state for the live state row, in the same turn as its bodies were read
 * (nothing awaited in between): typing that arrives while the save's transaction goes on is not
 * in the stored content, so it must not be in the stored state either, or an instance that read
 * the state would take that typing for stored.
 */
export function captureLiveState(live: LiveStoreInput): void {
  if (live.storedBase?.vector) {
    live.storedDiff = Y.encodeStateAsUpdate(live.doc, live.storedBase.vector);
    // What the merged state will hold: the document as it is now.
    live.storedBase = { ...live.storedBase, vector: Y.encodeStateVector(live.doc) };
  } else live.storedState = Y.encodeStateAsUpdate(live.doc);
}

/**
 * The stored content with the typed bodies put in. First the document takes in whatever was
 * stored since it last looked (a REST save, another instance's store): a union, so nothing
 * either side wrote is lost.
 */
export async function contentWithTypedBodies(
  tx: Tx,
  textbookId: number,
  live: LiveStoreInput,
  current: TextbookContent,
): Promise<{ content: TextbookContent; typed: Map<string, string> }> {
  const header = await liveRepo.findLiveHeader(tx, textbookId);
  const behind = header !== null && header.revision !== live.knownRevision;
  const large = header !== null && header.bytes > largeStateBytes;
  live.storedBase = undefined;
  const copy = live.storedCopy;
  if (large && !behind && header && copy && copy.revision === header.revision) {
    // The state in the database is the one this process holds: nothing to read.
    live.storedBase = { ...copy, vector: copy.vector ?? (await stateVectorOffThread(copy.state)) };
    live.storedCopy = live.storedBase;
  } else if (behind || large) {
    const stored = await liveRepo.findLiveState(tx, textbookId);
    // Only what the document lacks, cut out in the worker when the state is large: the rest is already in it.
    if (stored && behind) Y.applyUpdate(live.doc, await missingUpdateOffThread(stored.state, Y.encodeStateVector(live.doc)), live.origin);
    // The document now holds all of the stored state: what it adds is what it holds beyond the stored vector.
    if (stored && large)
      live.storedBase = { revision: stored.revision, state: stored.state, vector: await stateVectorOffThread(stored.state) };
  }
  const typed = new Map<string, string>();
  // Read in the same turn as the bodies below: every edit in this vector is in the content being stored.
  live.storedVector = Y.encodeStateVector(live.doc);
  const body = (id: string | undefined, html: string) => {
    if (!id || !live.changed.has(id)) return html;
    const next = readBody(live.doc, id);
    typed.set(id, next);
    return next;
  };
  const content: TextbookContent = {
    ...current,
    chapters: current.chapters.map((ch) => ({
      ...ch,
      content: body(ch.id, ch.content),
      sections: ch.sections.map((s) => ({ ...s, content: body(s.id, s.content) })),
    })),
  };
  return { content, typed };
}

/**
 * Bodies the sanitizer changed in substance (a picture from another site, a link with a
 * forbidden scheme) are written back into the document as edits, so every editor shows what is
 * stored; a change in printing only (a table's column widths) is not one.
 */
export function writeBackSanitized(live: LiveStoreInput, typed: Map<string, string>, stored: TextbookContent): void {
  const storedHtml = new Map<string, string>();
  for (const ch of stored.chapters) {
    if (ch.id) storedHtml.set(ch.id, ch.content);
    for (const s of ch.sections) if (s.id) storedHtml.set(s.id, s.content);
  }
  const fixes = new Map<string, PmNode>();
  for (const [id, html] of typed) {
    const clean = storedHtml.get(id);
    if (clean === undefined || clean === html) continue;
    const cleaned = parseBody(clean);
    // Compared with the typed HTML read the same way, never with the typed document itself:
    // reading HTML drops a space at the end of a paragraph, so a space typed just before the
    // store would be written back as deleted whenever the sanitizer only reprinted the body
    // (`<hr />` for `<hr>`, as in every composed chapter) and the next word would glue on.
    if (!cleaned.eq(parseBody(html))) fixes.set(id, cleaned);
  }
  writeBodies(live.doc, fixes, live.origin);
}

/**
 * Writes the live state of the new revision. A live store writes its document; any other save
 * writes its change into the stored state as edits (in a worker when large), so documents open
 * elsewhere take it in as a change. A textbook never opened live has no state yet.
 */
export async function storeLiveState(
  tx: Tx,
  input: { textbookId: number; revision: number; before: TextbookContent; after: TextbookContent; live?: LiveStoreInput },
): Promise<void> {
  if (input.live) {
    const { storedBase, storedDiff } = input.live;
    const state =
      storedBase && storedDiff
        ? await mergeStateOffThread(storedBase.state, storedDiff)
        : (input.live.storedState ?? Y.encodeStateAsUpdate(input.live.doc));
    // Kept for the next store (a large state only: a small one is cheap to read again).
    input.live.storedCopy = storedBase && storedDiff ? { revision: input.revision, state, vector: storedBase.vector } : undefined;
    await liveRepo.updateLiveState(tx, input.textbookId, { state, revision: input.revision });
    return;
  }
  const stored = await liveRepo.findLiveState(tx, input.textbookId);
  if (!stored) return;
  // The state matches the stored content of its revision; had anything written around this path, every body is compared.
  const before = stored.revision === input.revision - 1 ? input.before : null;
  const state = await computeStateOffThread({ state: stored.state, before, after: input.after });
  await liveRepo.updateLiveState(tx, input.textbookId, { state, revision: input.revision });
}
