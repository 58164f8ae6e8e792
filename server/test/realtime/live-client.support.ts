import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { bodyFieldOf, liveDocumentName, liveDocumentPath, type LiveServerMessage } from '@common/live-document';

/**
 * A real live-document client for tests and the benchmark: Hocuspocus's own provider over a
 * Node WebSocket that carries the session cookie, with helpers to type into a paragraph as the
 * editor's binding does (Yjs text inserts inside the paragraph's XmlText) and to wait for states.
 */
export interface LiveClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  /** Stateless messages received (hello, flushed, error). */
  messages: Array<LiveServerMessage | { type: 'hello'; epoch: string; readOnly: boolean }>;
  /** Resolves when the first sync finished; rejects when authentication failed. */
  synced: Promise<void>;
  /** Why the server closed or refused, when it did. */
  closeEvents: Array<{ code: number; reason: string }>;
  /** The plain text of every paragraph of a body, in order. */
  paragraphs(bodyId: string): string[];
  /** Types text into a paragraph at an offset (default: its end). */
  type(bodyId: string, paragraph: number, text: string, at?: number): void;
  /** Resolves when the predicate holds for the document (checked after every update). */
  until(predicate: () => boolean, timeoutMs?: number, what?: string): Promise<void>;
  /** Asks the server to store the document now; resolves with the stored revision. */
  flush(): Promise<number>;
  close(): Promise<void>;
}

function textOf(node: Y.XmlElement | Y.XmlText): string {
  if (node instanceof Y.XmlText) return node.toString().replace(/<[^>]+>/g, '');
  return node
    .toArray()
    .map((c) => (c instanceof Y.XmlElement || c instanceof Y.XmlText ? textOf(c) : ''))
    .join('');
}

/** The first XmlText inside a paragraph element (creating none: the server built every paragraph). */
function textNodeOf(element: Y.XmlElement): Y.XmlText {
  for (const child of element.toArray()) if (child instanceof Y.XmlText) return child;
  const text = new Y.XmlText();
  element.insert(0, [text]);
  return text;
}

export async function openLiveClient(
  baseUrl: string,
  options: {
    cookie?: string;
    origin?: string;
    textbookId: number;
    token?: string;
    documentName?: string;
    /** The document to sync (a browser reconnecting keeps its own); a new one otherwise. */
    doc?: Y.Doc;
  },
): Promise<LiveClient> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
      // A socket dropped while still connecting reports it as an error event; the close says enough.
      this.on('error', () => undefined);
    }
  }
  const closeEvents: LiveClient['closeEvents'] = [];
  const socket = new HocuspocusProviderWebsocket({
    url: `${baseUrl.replace(/^http/, 'ws')}${liveDocumentPath}`,
    WebSocketPolyfill: CookieWebSocket,
    // Tests want to see a refusal, not a retry loop.
    maxAttempts: 1,
    onClose: ({ event }) => closeEvents.push({ code: event.code, reason: event.reason }),
  });
  const doc = options.doc ?? new Y.Doc();
  const messages: LiveClient['messages'] = [];
  const waiters = new Set<() => void>();
  let resolveSynced: () => void = () => {};
  let rejectSynced: (err: Error) => void = () => {};
  const synced = new Promise<void>((resolve, reject) => {
    resolveSynced = resolve;
    rejectSynced = reject;
  });
  synced.catch(() => {});
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: options.documentName ?? liveDocumentName(options.textbookId),
    document: doc,
    token: options.token ?? 'edit',
    onSynced: () => resolveSynced(),
    onAuthenticationFailed: ({ reason }) => rejectSynced(new Error(`authentication failed: ${reason}`)),
    onStateless: ({ payload }) => {
      messages.push(JSON.parse(payload) as LiveClient['messages'][number]);
      for (const w of waiters) w();
    },
    onClose: ({ event }) => {
      closeEvents.push({ code: event.code, reason: event.reason });
      for (const w of waiters) w();
    },
  });
  provider.attach();
  doc.on('update', () => {
    for (const w of waiters) w();
  });

  const paragraphOf = (bodyId: string, index: number): Y.XmlElement => {
    const fragment = doc.getXmlFragment(bodyFieldOf(bodyId));
    const blocks = fragment.toArray().filter((c): c is Y.XmlElement => c instanceof Y.XmlElement && c.nodeName === 'paragraph');
    const p = blocks[index];
    if (!p) throw new Error(`no paragraph ${index} in ${bodyId}`);
    return p;
  };

  const until = (predicate: () => boolean, timeoutMs = 10_000, what = 'a document state') =>
    new Promise<void>((resolve, reject) => {
      if (predicate()) return resolve();
      const check = () => {
        if (!predicate()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      waiters.add(check);
    });

  let flushes = 0;
  return {
    doc,
    provider,
    socket,
    messages,
    synced,
    closeEvents,
    paragraphs(bodyId) {
      return doc
        .getXmlFragment(bodyFieldOf(bodyId))
        .toArray()
        .filter((c): c is Y.XmlElement => c instanceof Y.XmlElement && c.nodeName === 'paragraph')
        .map(textOf);
    },
    type(bodyId, paragraph, text, at) {
      const node = textNodeOf(paragraphOf(bodyId, paragraph));
      node.insert(at ?? node.length, text);
    },
    until,
    async flush() {
      const requestId = `f${++flushes}`;
      provider.sendStateless(JSON.stringify({ type: 'flush', requestId }));
      let answer: LiveServerMessage | undefined;
      await until(
        () => {
          answer = messages.find((m) => (m.type === 'flushed' || m.type === 'error') && m.requestId === requestId) as LiveServerMessage;
          return answer !== undefined;
        },
        15_000,
        'the flush answer',
      );
      if (answer?.type !== 'flushed') throw new Error(`flush failed: ${JSON.stringify(answer)}`);
      return answer.revision;
    },
    async close() {
      provider.destroy();
      // A socket still connecting throws when destroyed; it is being dropped either way.
      try {
        socket.destroy();
      } catch {
        /* not open yet */
      }
    },
  };
}

/**
 * Waits until the server's copy of a textbook's live document holds `text` in a body (typing
 * travels over the socket before any store), or fails after 20 s.
 */
export async function reachedServer(
  collab: { hocuspocus: { documents: Map<string, Y.Doc> } } | undefined,
  textbookId: number,
  bodyId: string,
  text: string,
): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const doc = collab?.hocuspocus.documents.get(liveDocumentName(textbookId));
    if (doc?.getXmlFragment(bodyFieldOf(bodyId)).toString().includes(text)) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the typing never reached the server');
}

/**
 * As while someone keeps typing: the pause after which the server stores a live document never
 * comes (ten minutes), so it is stored only when something asks for it (a tool, a restore).
 */
export function storeOnlyWhenAsked(collab: { hocuspocus: { configuration: { debounce: number; maxDebounce: number } } } | undefined) {
  if (!collab) throw new Error('the app has no live documents');
  collab.hocuspocus.configuration.debounce = 600_000;
  collab.hocuspocus.configuration.maxDebounce = 600_000;
}
