import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveDocument } from './live-document';

export type { LiveDocument } from './live-document';

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
