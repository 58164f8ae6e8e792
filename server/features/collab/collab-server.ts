import { Hocuspocus, type Extension } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import { liveDocumentName } from '@common/live-document';
import type { AppDeps } from '@server/features/app-deps';
import { authenticationHooks } from './authentication-hooks';
import type { CollabContext, OpenDocuments } from './collab-context';
import { documentEventHandler } from './document-events';
import { editPolicyHooks } from './edit-policy-hooks';
import { flushDocument, flushHooks } from './flush-hooks';
import { defaultLiveLimits, type LiveLimits } from './live-limits';
import { persistenceHooks } from './persistence-hooks';

/**
 * The live-document server (Hocuspocus) mounted on the app: one Yjs document per textbook
 * (docs/decisions.md "One live document per textbook"), opened by the textbook policy (readers
 * receive, only editors write), persisted through the one save path, kept in step with every
 * other writer through the event bus and, across instances, through Redis when configured.
 * This file only assembles the hook objects, one per concern (ARCHITECTURE.md "Live documents").
 */

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

export function createCollabServer(deps: AppDeps, options: CollabServerOptions = {}): CollabServer {
  const log = options.log;
  const docs: OpenDocuments = new Map();
  const limits: LiveLimits = { ...defaultLiveLimits, ...options.limits };
  const crossInstance =
    typeof options.crossInstanceSync === 'function' ? options.crossInstanceSync : () => Boolean(options.crossInstanceSync);
  const persistence = persistenceHooks({ deps, docs, limits });

  const hocuspocus = new Hocuspocus<CollabContext>({
    name: 'textbook-studio',
    quiet: true,
    // Stored a second after typing pauses and at least every second while it goes on: a server
    // that dies loses no more than that of what the browser showed.
    debounce: options.debounceMs ?? 1000,
    maxDebounce: options.maxDebounceMs ?? 1000,
    extensions: options.extensions ?? [],
    // Each hook name is set by one object only, so together they are one configuration.
    ...authenticationHooks(deps),
    ...editPolicyHooks({ deps, docs, limits, log }),
    ...persistence.hooks,
    ...flushHooks(persistence.store, log),
  });

  const documentOf = (textbookId: number) => {
    const document = hocuspocus.documents.get(liveDocumentName(textbookId));
    const live = docs.get(liveDocumentName(textbookId));
    return document && live ? { document, live } : null;
  };
  const unsubscribe = deps.events.subscribe(documentEventHandler({ deps, log, documentOf, crossInstance }));

  return {
    hocuspocus,
    async flush(textbookId) {
      const open = documentOf(textbookId);
      if (!open) return null;
      return flushDocument(open.document, persistence.store);
    },
    stats() {
      return { documents: hocuspocus.getDocumentsCount(), connections: hocuspocus.getConnectionsCount() };
    },
    async close() {
      unsubscribe();
      hocuspocus.closeConnections();
      // Whatever was typed and not yet stored is stored before the process goes.
      await Promise.allSettled([...hocuspocus.documents.values()].map((d) => flushDocument(d, persistence.store)));
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
    },
  };
}
