import type { Document, Extension } from '@hocuspocus/server';
import { textbookIdOfDocument, type LiveServerMessage } from '@common/live-document';
import type { AppDeps } from '@server/features/app-deps';
import type { CollabContext, OpenDocuments, StoreDocument } from './collab-context';
import { flushDocument } from './flush-hooks';
import { foreignStoreGraceMs, loadLiveState, storeLiveDocument, trackChanges, type LiveDocState } from './live-documents';
import { DocumentSize, type LiveLimits } from './live-limits';
import { applyStateInTurns, largeStateBytes } from '../textbooks/save/live-state';

export interface PersistenceOptions {
  deps: AppDeps;
  docs: OpenDocuments;
  limits: LiveLimits;
  /** How long typing from another instance waits, with no store by anyone, before this instance stores it. */
  foreignGraceMs?: number;
}

export type { StoreDocument } from './collab-context';

export type PersistenceHooks = Pick<
  Extension<CollabContext>,
  'onLoadDocument' | 'afterLoadDocument' | 'connected' | 'onDisconnect' | 'onChange' | 'onStoreDocument' | 'afterUnloadDocument'
>;

/**
 * Loading a document from its stored state, knowing who typed what since, and storing it through
 * the one save path (live-documents.ts); `store` is also what a flush runs (flush-hooks.ts).
 */
export function persistenceHooks({ deps, docs, limits, foreignGraceMs = foreignStoreGraceMs }: PersistenceOptions): {
  hooks: PersistenceHooks;
  store: StoreDocument;
} {
  /** Documents holding typing from other instances: stored again after the grace, should no one else store it. */
  const recheck = new Map<string, NodeJS.Timeout>();
  const recheckLater = (document: Document) => {
    if (recheck.has(document.name)) return;
    const timer = setTimeout(() => {
      recheck.delete(document.name);
      flushDocument(document, store).catch((err: unknown) => deps.log.error({ err }, 'storing typing from another instance failed'));
    }, foreignGraceMs);
    timer.unref();
    recheck.set(document.name, timer);
  };

  /** Stores a document and tells everyone on it which edits the database now holds (their "Saved"). */
  const store: StoreDocument = async (document) => {
    const live = docs.get(document.name);
    if (!live) return null;
    const stored = await storeLiveDocument(deps, document, live, foreignGraceMs);
    if (live.foreign && !live.gone) recheckLater(document);
    if (stored.vector) {
      const message: LiveServerMessage = {
        type: 'stored',
        revision: stored.revision,
        vector: Buffer.from(stored.vector).toString('base64'),
      };
      document.broadcastStateless(JSON.stringify(message));
    }
    return stored.revision;
  };

  const hooks: PersistenceHooks = {
    async onLoadDocument({ documentName, document }) {
      const textbookId = textbookIdOfDocument(documentName);
      if (textbookId === null) throw new Error('not a textbook');
      const loaded = await loadLiveState(deps, textbookId);
      const live: LiveDocState = {
        textbookId,
        epoch: loaded.epoch,
        knownRevision: loaded.revision,
        changed: new Set(),
        editors: new Map(),
        gone: false,
        bodies: loaded.bodies,
        retired: new Set(),
        bodiesReadAt: 0,
        size: new DocumentSize(loaded.state.length, limits.documentMaxBytes),
        present: new Map(),
        foreign: null,
        // A large state is kept: the first store then reads none (its vector is worked out in the worker then).
        storedCopy: loaded.state.length > largeStateBytes ? { revision: loaded.revision, state: loaded.state } : undefined,
      };
      // Taken in chunk by chunk when large (cut in the live-state worker): opening a big book never holds the event loop.
      await applyStateInTurns(document, loaded.state);
      docs.set(documentName, live);
    },

    async afterLoadDocument({ documentName, document }) {
      // From here on (the stored state is in), every change but the server's own is typing to store.
      const live = docs.get(documentName);
      if (live) trackChanges(document, live);
    },

    async connected({ connection, documentName, context }) {
      const live = docs.get(documentName);
      if (!live) return;
      if (!connection.readOnly && context?.user) {
        const here = live.present.get(context.user.id);
        live.present.delete(context.user.id);
        live.present.set(context.user.id, { user: context.user, connections: (here?.connections ?? 0) + 1 });
      }
      // The lineage lets the browser keep offline edits per lineage (never merged into a rebuilt document).
      connection.sendStateless(JSON.stringify({ type: 'hello', epoch: live.epoch, readOnly: connection.readOnly }));
    },

    async onChange({ documentName, transactionOrigin, context }) {
      const origin = transactionOrigin as { source?: string } | undefined;
      if (origin?.source !== 'connection' || !context?.user) return;
      const live = docs.get(documentName);
      if (!live) return;
      live.editors.delete(context.user.id);
      live.editors.set(context.user.id, context.user);
    },

    async onDisconnect({ documentName, context }) {
      const here = context?.user ? docs.get(documentName)?.present.get(context.user.id) : undefined;
      if (here && --here.connections <= 0) docs.get(documentName)?.present.delete(here.user.id);
    },

    async onStoreDocument({ document }) {
      await store(document);
    },

    async afterUnloadDocument({ documentName, instance }) {
      if (instance.documents.has(documentName)) return;
      docs.delete(documentName);
      clearTimeout(recheck.get(documentName));
      recheck.delete(documentName);
    },
  };
  return { hooks, store };
}
