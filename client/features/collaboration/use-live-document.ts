import type { HocuspocusProvider } from '@hocuspocus/provider';
import { useCallback, useEffect, useRef, useState } from 'react';
import type * as Y from 'yjs';

/**
 * A textbook's live document in the browser (docs/decisions.md "One live document per
 * textbook"): a Yjs document synced with the server over /collab, every chapter and section body
 * a fragment the editor binds to. Edits made while the connection is down stay in the document
 * and in IndexedDB, and merge when it comes back.
 */
export interface LiveDocument {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** The signed-in user as carets show them to others. */
  user: { name: string; color: string; id: number };
  /** Whether the socket is open. */
  connected: boolean;
  /** The document has been synced with the server once: the editor may bind to it. */
  ready: boolean;
  /** Edits not yet acknowledged by the server (kept in the browser until they are). */
  unsynced: number;
  /** This browser made edits the database does not hold yet (the server stores a moment after typing pauses). */
  unstored: boolean;
  /** The server opened the document for reading only (or the session ended: nothing more is sent). */
  readOnly: boolean;
  /** The session ended (signed out here or on another device): the socket was closed and is not reopened. */
  sessionEnded: boolean;
  /** Asks the server to store the document now (before a tool reads the stored text). */
  flush(): Promise<void>;
}

// Yjs, the Hocuspocus provider and y-indexeddb are about a third of the textbook page's code: they load in a chunk
// of their own once the page has painted the book from the REST answer (shown read-only until the document syncs),
// so neither the first paint nor the page's largest one waits for them.
const loadSession = () => import('./live-document-session');

/** Runs `start` once the browser has painted the current frame (a frame, then a task after it). */
function afterPaint(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(start, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** The textbook's live document: null until its code has loaded and it is opened (the page shows the stored copy). */
export function useLiveDocument(textbookId: number, user: { id: number; username: string } | null): LiveDocument | null {
  const [live, setLive] = useState<LiveDocument | null>(null);
  const userId = user?.id;
  const username = user?.username;

  useEffect(() => {
    if (userId === undefined || username === undefined || !Number.isSafeInteger(textbookId)) return;
    let close: (() => void) | undefined;
    let cancelled = false;
    const cancelWait = afterPaint(() => {
      loadSession()
        .then(({ openLiveDocument }) => {
          if (!cancelled) close = openLiveDocument(textbookId, { id: userId, username }, setLive);
        })
        .catch(() => {
          // The chunk could not be fetched (offline at first load, a new deployment): the page stays read-only,
          // as when the server cannot be reached.
        });
    });
    return () => {
      cancelled = true;
      cancelWait();
      close?.();
    };
  }, [textbookId, userId, username]);

  return live;
}

/** A stable function that stores the live document now (tools call it before the server reads the text). */
export function useLiveFlush(live: LiveDocument | null): () => Promise<void> {
  const ref = useRef(live);
  ref.current = live;
  return useCallback(async () => {
    await ref.current?.flush();
  }, []);
}
