import type { HocuspocusProvider } from '@hocuspocus/provider';
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
