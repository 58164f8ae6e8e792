import { HocuspocusProvider } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { caretColorOf, liveDocumentName, liveDocumentPath } from '@common/live-document';
import { wsCloseCodes } from '@common/realtime';
import { toast } from '@client/components/ui/toast-store';
import type { LiveDocument } from './live-document';

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${liveDocumentPath}`;
}

const storePrefix = 'textbook-studio-live';
/** The browser store of one user's copy of one lineage of a textbook's document. */
function storeName(textbookId: number, epoch: string, userId: number): string {
  return `${storePrefix}:${textbookId}:${userId}:${epoch}`;
}

/** Copies of an older lineage can never merge into this one (the server rebuilt the document): dropped. */
async function dropOtherLineages(textbookId: number, userId: number, keep: string): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const prefix = `${storePrefix}:${textbookId}:${userId}:`;
  for (const { name } of await indexedDB.databases()) {
    if (name && name.startsWith(prefix) && name !== keep) indexedDB.deleteDatabase(name);
  }
}

const flushTimeoutMs = 8000;
/** The server refused an edit (too much at once, or something no editor writes): said once in this long, not on every retry. */
const refusalToastIntervalMs = 30_000;

/**
 * Opens the textbook's live document and tells `setLive` each of its states, until the returned function closes it
 * (the socket, the browser store, the Yjs document). Loaded apart from the page's first code (use-live-document.ts).
 */
export function openLiveDocument(
  textbookId: number,
  user: { id: number; username: string },
  setLive: (live: LiveDocument | null) => void,
): () => void {
  const { id: userId, username } = user;
  const doc = new Y.Doc();
  // Flushes waiting for the server's answer, by request id.
  const pending = new Map<string, () => void>();
  let persistence: IndexeddbPersistence | null = null;
  let state = { connected: false, ready: false, unsynced: 0, readOnly: false, unstored: false, sessionEnded: false };
  // How far this browser's own edits go, and how far of them the database holds (Yjs clocks of this client).
  const ownClock = () => Y.getState(doc.store, doc.clientID);
  let storedClock = 0;
  let lastRefusalToast = 0;
  const provider = new HocuspocusProvider({
    url: socketUrl(),
    name: liveDocumentName(textbookId),
    document: doc,
    token: 'edit',
  });
  const flush = async () => {
    if (!state.connected) return;
    const requestId = Math.random().toString(36).slice(2);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(requestId);
        resolve();
      }, flushTimeoutMs);
      pending.set(requestId, () => {
        clearTimeout(timer);
        resolve();
      });
      provider.sendStateless(JSON.stringify({ type: 'flush', requestId }));
    });
  };
  const publish = (next: Partial<typeof state>) => {
    state = { ...state, ...next };
    setLive({ doc, provider, user: { name: username, color: caretColorOf(userId), id: userId }, flush, ...state });
  };
  publish({});

  provider.on('status', ({ status }: { status: string }) => publish({ connected: status === 'connected' }));
  provider.on('synced', () => publish({ ready: true }));
  // The server closes the socket as unauthorized when the session ends ("Sign out everywhere", a logout elsewhere):
  // retrying cannot succeed, so the provider stops and the editor becomes read-only (edits stay in this browser).
  provider.on('close', ({ event }: { event?: { code?: number } }) => {
    if (event?.code !== wsCloseCodes.unauthorized || state.sessionEnded) return;
    provider.disconnect();
    publish({ sessionEnded: true, readOnly: true, connected: false });
  });
  provider.on('unsyncedChanges', ({ number }: { number: number }) => publish({ unsynced: number }));
  provider.on('stateless', ({ payload }: { payload: string }) => {
    let message: { type?: string; epoch?: string; readOnly?: boolean; requestId?: string; code?: string; message?: string };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (message.type === 'hello' && typeof message.epoch === 'string') {
      publish({ readOnly: message.readOnly === true || state.sessionEnded });
      if (!persistence) {
        // From now on every edit is also kept in this browser; edits kept earlier for this lineage come back in.
        const name = storeName(textbookId, message.epoch, userId);
        persistence = new IndexeddbPersistence(name, doc);
        void dropOtherLineages(textbookId, userId, name).catch(() => undefined);
      }
    } else if (message.type === 'stored' && typeof (message as { vector?: unknown }).vector === 'string') {
      const vector = Y.decodeStateVector(Uint8Array.from(atob((message as { vector: string }).vector), (c) => c.charCodeAt(0)));
      storedClock = Math.max(storedClock, vector.get(doc.clientID) ?? 0);
      publish({ unstored: ownClock() > storedClock });
    } else if (message.type === 'error' && message.code === 'UPDATE_REFUSED') {
      // The socket closes after this; the edit stays in this browser and is sent again when the provider reconnects.
      if (Date.now() - lastRefusalToast > refusalToastIntervalMs) {
        lastRefusalToast = Date.now();
        toast({ title: 'Edit not saved', description: message.message ?? 'The server refused an edit.', variant: 'destructive' });
      }
    } else if ((message.type === 'flushed' || message.type === 'error') && message.requestId) {
      pending.get(message.requestId)?.();
      pending.delete(message.requestId);
    }
  });

  doc.on('update', (_update: Uint8Array, origin: unknown) => {
    // Only this browser's typing (the binding's own transactions) waits for a store; others' edits are theirs.
    if (origin === provider || origin === persistence || state.unstored) return;
    if (ownClock() > storedClock) publish({ unstored: true });
  });

  // The browser knows before the socket does: offline, edits stay here; online again, they merge.
  const onOffline = () => provider.disconnect();
  const onOnline = () => {
    if (!state.sessionEnded) void provider.connect();
  };
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
    for (const resolve of pending.values()) resolve();
    pending.clear();
    provider.destroy();
    void persistence?.destroy();
    doc.destroy();
    setLive(null);
  };
}
