import type { Document, Extension } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import { liveClientMessage, type LiveServerMessage } from '@common/live-document';
import type { CollabContext, StoreDocument } from './collab-context';

/** Stores a document now, in turn with Hocuspocus's own stores of it: its stored revision, or null when not open here. */
export function flushDocument(document: Document, store: StoreDocument): Promise<number | null> {
  return document.saveMutex.runExclusive(() => store(document));
}

/**
 * A client asks for its document to be stored now (before something reads the stored text)
 * and is answered with the revision that holds its edits.
 */
export function flushHooks(store: StoreDocument, log?: FastifyBaseLogger): Pick<Extension<CollabContext>, 'onStateless'> {
  return {
    async onStateless({ payload, connection, document }) {
      let message;
      try {
        message = liveClientMessage.parse(JSON.parse(payload));
      } catch {
        return;
      }
      const reply = (m: LiveServerMessage) => connection.sendStateless(JSON.stringify(m));
      try {
        const revision = await flushDocument(document, store);
        reply({ type: 'flushed', requestId: message.requestId, revision: revision ?? 0 });
      } catch (err) {
        log?.error({ err }, 'live document flush failed');
        reply({ type: 'error', code: 'INTERNAL', message: 'Could not save the document.', requestId: message.requestId });
      }
    },
  };
}
