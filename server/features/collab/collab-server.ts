import { Hocuspocus, type Document, type Extension } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicUser } from '@common/auth';
import {
  caretColorOf,
  liveClientMessage,
  liveCloseCodes,
  liveDocumentName,
  readOnlyToken,
  textbookIdOfDocument,
  type LiveServerMessage,
} from '@common/live-document';
import type { AppDeps } from '@server/http/deps';
import type { DomainEvent } from '@server/realtime/events';
import { can, findTextbookHeaderRole } from '../textbooks/textbooks.policy';
import { defaultLiveLimits, DocumentSize, UserByteBudget, type LiveLimits } from './live-limits';
import { loadLiveState, pullStoredState, storedBodyIds, storeLiveDocument, trackChanges, type LiveDocState } from './live-documents';
import { inspectFrame, unknownBodyProblem, updateProblem } from './update-policy';

/**
 * The live-document server (Hocuspocus) mounted on the app: one Yjs document per textbook
 * (docs/decisions.md "One live document per textbook"), opened by the textbook policy (readers
 * receive, only editors write), persisted through the one save path, kept in step with every
 * other writer through the event bus and, across instances, through Redis when configured.
 */

export interface CollabContext {
  user: PublicUser;
  /** Ends the whole socket: a client that sends what no editor sends is not served further. */
  closeSocket: (code: number, reason: string) => void;
}

export interface CollabServerOptions {
  log?: FastifyBaseLogger;
  /** Stores a document this long after typing pauses, and at least this often while it goes on. */
  debounceMs?: number;
  maxDebounceMs?: number;
  /** Extra Hocuspocus extensions (the Redis extension across instances). */
  extensions?: Extension[];
  /** True while another engine (Redis) carries typing between instances: stores then need not be pulled. */
  crossInstanceSync?: boolean | (() => boolean);
  /** Document size and per-user byte limits (tests lower them). */
  limits?: Partial<LiveLimits>;
}

export interface CollabServer {
  hocuspocus: Hocuspocus<CollabContext>;
  /** Stores a textbook's open document now (before something reads the stored text); its stored revision, or null when not open here. */
  flush(textbookId: number): Promise<number | null>;
  stats(): { documents: number; connections: number };
  close(): Promise<void>;
}

/** How often a document's chapter and section ids may be read again for an update naming one it does not know. */
const bodiesRereadMs = 2000;

/** An awareness state larger than this (a cursor and a name need a few hundred bytes) is dropped. */
const maxAwarenessBytes = 4096;

export function createCollabServer(deps: AppDeps, options: CollabServerOptions = {}): CollabServer {
  const log = options.log;
  const db = deps.database.db;
  const docs = new Map<string, LiveDocState>();
  const liveLimits: LiveLimits = { ...defaultLiveLimits, ...options.limits };
  const crossInstance =
    typeof options.crossInstanceSync === 'function' ? options.crossInstanceSync : () => Boolean(options.crossInstanceSync);
  const budget = new UserByteBudget(liveLimits);

  /** Why an update from a client may not be applied to a document, or null when it may. */
  const refusal = async (
    document: Document,
    live: LiveDocState | undefined,
    update: Uint8Array,
    userId: number,
  ): Promise<string | null> => {
    let problem = updateProblem(update, { doc: document, bodies: live?.bodies });
    if (problem === unknownBodyProblem && live && Date.now() - live.bodiesReadAt > bodiesRereadMs) {
      // A chapter or section may have been added by a save this document has not taken in yet
      // (read again at most every few seconds: a client sending made-up ids must not make it read the book each time).
      live.bodiesReadAt = Date.now();
      live.bodies = await storedBodyIds(deps, live.textbookId);
      problem = updateProblem(update, { doc: document, bodies: live.bodies });
    }
    if (problem) return problem;
    if (!budget.take(userId, update.length)) return 'too much sent too fast';
    if (live && !live.size.admit(document, update.length)) return 'the textbook is at its size limit';
    return null;
  };

  /** Stores a document and tells everyone on it which edits the database now holds (their "Saved"). */
  const store = async (document: Document): Promise<number | null> => {
    const live = docs.get(document.name);
    if (!live) return null;
    const stored = await storeLiveDocument(deps, document, live);
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

  const hocuspocus = new Hocuspocus<CollabContext>({
    name: 'textbook-studio',
    quiet: true,
    // Stored a second after typing pauses and at least every second while it goes on: a server
    // that dies loses no more than that of what the browser showed.
    debounce: options.debounceMs ?? 1000,
    maxDebounce: options.maxDebounceMs ?? 1000,
    extensions: options.extensions ?? [],

    async onAuthenticate({ documentName, context, connectionConfig, token }) {
      const textbookId = textbookIdOfDocument(documentName);
      // The same policy as REST: a textbook the user may not read does not exist for them.
      const found = textbookId === null ? null : await findTextbookHeaderRole(db, textbookId, context.user.id);
      if (!found) throw Object.assign(new Error('Textbook not found'), { reason: 'not-found' });
      connectionConfig.readOnly = !can(found.role, 'edit') || token === readOnlyToken;
    },

    async onLoadDocument({ documentName }) {
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
        bodiesReadAt: 0,
        size: new DocumentSize(loaded.state.length, liveLimits.documentMaxBytes),
      };
      docs.set(documentName, live);
      return loaded.state;
    },

    async afterLoadDocument({ documentName, document }) {
      // From here on (the stored state is in), every change but the server's own is typing to store.
      const live = docs.get(documentName);
      if (live) trackChanges(document, live);
    },

    async connected({ connection, documentName }) {
      const live = docs.get(documentName);
      if (!live) return;
      // The lineage lets the browser keep offline edits per lineage (never merged into a rebuilt document).
      connection.sendStateless(JSON.stringify({ type: 'hello', epoch: live.epoch, readOnly: connection.readOnly }));
    },

    async beforeHandleMessage({ connection, update, context, document, documentName }) {
      let frame;
      try {
        frame = inspectFrame(update);
      } catch {
        context.closeSocket(liveCloseCodes.policy, 'malformed message');
        throw Object.assign(new Error('malformed message'), { code: liveCloseCodes.policy, reason: 'malformed-message' });
      }
      if (frame.kind === 'other') return;
      if (connection.readOnly) {
        // A reader's sync step 2 that adds nothing is fine (Hocuspocus acknowledges it); an edit is refused.
        if (frame.kind === 'update') throw Object.assign(new Error('read only'), { code: 4403, reason: 'read-only' });
        return;
      }
      const problem = await refusal(document, docs.get(documentName), frame.update, context.user.id);
      if (problem) {
        log?.warn({ userId: context.user.id, documentName, problem, bytes: frame.update.length }, 'live update refused');
        // Told why before the socket closes: nothing of the update was applied or stored.
        const message: LiveServerMessage = { type: 'error', code: 'UPDATE_REFUSED', message: `Edit refused: ${problem}.` };
        connection.sendStateless(JSON.stringify(message));
        context.closeSocket(liveCloseCodes.policy, `update refused: ${problem}`.slice(0, 120));
        throw Object.assign(new Error(problem), { code: liveCloseCodes.policy, reason: 'update-refused' });
      }
    },

    async beforeHandleAwareness({ states, context }) {
      if (!context) return;
      // Carets carry the signed-in user's own name and colour, whatever the client claims.
      for (const [clientId, state] of states) {
        if (JSON.stringify(state).length > maxAwarenessBytes) {
          states.delete(clientId);
          continue;
        }
        if (state && typeof state === 'object' && 'user' in state) {
          state.user = { name: context.user.username, color: caretColorOf(context.user.id), userId: context.user.id };
        }
      }
    },

    async onChange({ documentName, transactionOrigin, context }) {
      const origin = transactionOrigin as { source?: string } | undefined;
      if (origin?.source !== 'connection' || !context?.user) return;
      const live = docs.get(documentName);
      if (!live) return;
      live.editors.delete(context.user.id);
      live.editors.set(context.user.id, context.user);
    },

    async onStoreDocument({ document }) {
      await store(document);
    },

    async onStateless({ payload, connection, document }) {
      let message;
      try {
        message = liveClientMessage.parse(JSON.parse(payload));
      } catch {
        return;
      }
      const reply = (m: LiveServerMessage) => connection.sendStateless(JSON.stringify(m));
      try {
        const revision = await document.saveMutex.runExclusive(() => store(document));
        reply({ type: 'flushed', requestId: message.requestId, revision: revision ?? 0 });
      } catch (err) {
        log?.error({ err }, 'live document flush failed');
        reply({ type: 'error', code: 'INTERNAL', message: 'Could not save the document.', requestId: message.requestId });
      }
    },

    async afterUnloadDocument({ documentName }) {
      if (!hocuspocus.documents.has(documentName)) docs.delete(documentName);
    },
  });

  const documentOf = (textbookId: number) => {
    const document = hocuspocus.documents.get(liveDocumentName(textbookId));
    const live = docs.get(liveDocumentName(textbookId));
    return document && live ? { document, live } : null;
  };

  const onEvent = (event: DomainEvent) => {
    // Ended sessions close their sockets through the socket registry (collab.routes.ts).
    if (event.type === 'sessions.ended') return;
    const open = documentOf(event.textbookId);
    if (!open) return;
    const { document, live } = open;
    switch (event.type) {
      case 'textbook.saved':
        // Typing stored by another instance already arrived through Redis; everything else is pulled from the database.
        if (event.live && crossInstance()) return;
        void document.saveMutex
          .runExclusive(() => pullStoredState(deps, document, live))
          .catch((err: unknown) => log?.error({ err, textbookId: event.textbookId }, 'pulling a stored live state failed'));
        return;
      case 'collaborators.changed':
        if (event.removedUserId === undefined) return;
        for (const connection of document.getConnections()) {
          const context = connection.context as CollabContext;
          if (context.user.id === event.removedUserId) connection.close({ code: 4403, reason: 'forbidden' });
        }
        return;
      case 'textbook.deleted':
        live.gone = true;
        for (const connection of document.getConnections()) connection.close({ code: liveCloseCodes.gone, reason: 'deleted' });
        return;
    }
  };
  const unsubscribe = deps.events.subscribe(onEvent);

  return {
    hocuspocus,
    async flush(textbookId) {
      const open = documentOf(textbookId);
      if (!open) return null;
      return open.document.saveMutex.runExclusive(() => store(open.document));
    },
    stats() {
      return { documents: hocuspocus.getDocumentsCount(), connections: hocuspocus.getConnectionsCount() };
    },
    async close() {
      unsubscribe();
      hocuspocus.closeConnections();
      // Whatever was typed and not yet stored is stored before the process goes.
      await Promise.allSettled([...hocuspocus.documents.values()].map((d) => d.saveMutex.runExclusive(() => store(d))));
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
    },
  };
}
