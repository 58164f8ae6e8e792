import type { Document } from '@hocuspocus/server';
import type { PublicUser } from '@common/auth';
import type { LiveDocState } from './live-documents';

/** What Hocuspocus carries for each connection (set by collab.routes.ts when the socket is accepted). */
export interface CollabContext {
  user: PublicUser;
  /** Ends the whole socket: a client that sends what no editor sends is not served further. */
  closeSocket: (code: number, reason: string) => void;
}

/** The server's side of each document open on this instance, by document name (shared by the hook objects). */
export type OpenDocuments = Map<string, LiveDocState>;

/** Stores a document now; its stored revision, or null when it is not open here. */
export type StoreDocument = (document: Document) => Promise<number | null>;
