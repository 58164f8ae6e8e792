import { z } from 'zod';

/**
 * Names shared by the editor and the live-document server (docs/decisions.md "One live
 * document per textbook"): the socket path, the document of a textbook, the fragment of a
 * chapter or section body, and the few messages sent beside the Yjs sync protocol.
 */

/** The WebSocket path of the live-document (Hocuspocus) server. */
export const liveDocumentPath = '/collab';

export function liveDocumentName(textbookId: number): string {
  return `textbook:${textbookId}`;
}

/** The textbook id a document name stands for, or null when it names no textbook. */
export function textbookIdOfDocument(name: string): number | null {
  const m = /^textbook:([1-9][0-9]{0,15})$/.exec(name);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) ? id : null;
}

/** The Yjs XmlFragment holding the body of a chapter or section (by its stable id). */
export function bodyFieldOf(id: string): string {
  return `body:${id}`;
}

export function bodyIdOf(field: string): string | null {
  return field.startsWith('body:') ? field.slice(5) : null;
}

/** The token a client sends to open a document for reading only (a view that must not write). */
export const readOnlyToken = 'read';

/**
 * Stateless messages. `flush`: the client asks for the document to be written to the database
 * now (before an AI tool reads the stored text); `flushed` answers with the revision it stored;
 * `stored` tells everyone on the document what each store wrote, so each knows when its edits are saved.
 */
export const liveClientMessage = z.object({ type: z.literal('flush'), requestId: z.string().max(64) });
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

export type LiveServerMessage =
  | { type: 'flushed'; requestId: string; revision: number }
  /** After each store: the revision and the Yjs state vector (base64) of the edits the stored content holds. */
  | { type: 'stored'; revision: number; vector: string }
  | { type: 'error'; code: string; message: string; requestId?: string };

/** Close codes of the live socket besides Hocuspocus's own (4401 unauthorized, 4403 forbidden). */
export const liveCloseCodes = {
  /** A frame over the size limit. */
  tooLarge: 1009,
  /** Too many messages per second, or a malformed one. */
  policy: 1008,
  /** The textbook was deleted or the user lost access. */
  gone: 4404,
} as const;

/** Each user's colour for carets and selections: stable per user id; white names on them keep 4.5:1 contrast. */
export const caretColors = ['#c92a2a', '#1864ab', '#237032', '#862e9c', '#b35900', '#0b7285', '#a61e4d', '#5f3dc4', '#087f5b', '#364fc7'];
export function caretColorOf(userId: number): string {
  return caretColors[Math.abs(userId) % caretColors.length];
}
