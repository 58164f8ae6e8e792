import type { Document } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import { liveCloseCodes } from '@common/live-document';
import type { AppDeps } from '@server/features/app-deps';
import type { DomainEvent } from '@server/realtime/events';
import { closeRemovedUser } from './authentication-hooks';
import { addBodies, pullStoredState, type LiveDocState } from './live-documents';

export interface DocumentEventsOptions {
  deps: AppDeps;
  log?: FastifyBaseLogger;
  /** The document of a textbook open on this instance, or null. */
  documentOf: (textbookId: number) => { document: Document; live: LiveDocState } | null;
  /** True while another engine (Redis) carries typing between instances. */
  crossInstance: () => boolean;
}

/**
 * What the event bus tells an open document: a store by another writer is pulled in, a removed
 * collaborator is disconnected, a deleted book closes its connections and is stored no more.
 */
export function documentEventHandler({ deps, log, documentOf, crossInstance }: DocumentEventsOptions): (event: DomainEvent) => void {
  return (event) => {
    // Ended sessions close their sockets through the socket registry (collab.routes.ts).
    if (event.type === 'sessions.ended') return;
    const open = documentOf(event.textbookId);
    if (!open) return;
    const { document, live } = open;
    switch (event.type) {
      case 'textbook.saved':
        // What the save added is writable now, not once the pull below has read the book again.
        if (event.addedBodies) addBodies(live, event.addedBodies);
        // Typing stored by another instance already arrived through Redis; everything else is pulled from the database.
        if (event.live && crossInstance()) return;
        void document.saveMutex
          .runExclusive(() => pullStoredState(deps, document, live))
          .catch((err: unknown) => log?.error({ err, textbookId: event.textbookId }, 'pulling a stored live state failed'));
        return;
      case 'collaborators.changed':
        if (event.removedUserId === undefined) return;
        closeRemovedUser(document, event.removedUserId);
        return;
      case 'textbook.deleted':
        live.gone = true;
        for (const connection of document.getConnections()) connection.close({ code: liveCloseCodes.gone, reason: 'deleted' });
        return;
    }
  };
}
