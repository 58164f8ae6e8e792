import type { WebSocket } from 'ws';
import type { PublicUser } from '@common/auth';
import type { ServerMessage } from '@common/realtime';

/** One /ws socket of a signed-in user: the rooms it joined, its heartbeat and its message budget. */
export interface Connection {
  socket: WebSocket;
  user: PublicUser;
  token?: string;
  joined: Set<number>;
  alive: boolean;
  windowStart: number;
  windowCount: number;
}

export const closeReasons = {
  unauthorized: 'Authentication required',
  notFound: 'Textbook not found',
  removed: 'No longer a collaborator',
  deleted: 'Textbook deleted',
  tooMany: 'Too many messages',
  sessionEnded: 'Session ended',
  tooManySockets: 'Too many connections',
} as const;

export const now = () => new Date().toISOString();
export const isOpen = (c: Connection) => c.socket.readyState === c.socket.OPEN;

export interface Sender {
  /** A frame already serialized (fan-out serializes once for every recipient). */
  sendRaw(c: Connection, text: string | Buffer): void;
  send(c: Connection, message: ServerMessage): void;
  sendError(c: Connection, code: string, message: string): void;
  /** An error message, then the socket closed with `closeCode`. */
  refuse(c: Connection, closeCode: number, errorCode: string, message: string, reason: string): void;
}

/** Sending to sockets; one that stopped reading past `maxBuffered` bytes is dropped. */
export function createSender(maxBuffered: number): Sender {
  const sendRaw = (c: Connection, text: string | Buffer) => {
    if (!isOpen(c)) return;
    if (c.socket.bufferedAmount > maxBuffered) {
      // A reader that stopped reading must not make the server hold every edit for it.
      c.socket.terminate();
      return;
    }
    // A Buffer sent as text: fan-out encodes the UTF-8 once instead of once per socket.
    c.socket.send(text, { binary: false });
  };
  const send = (c: Connection, message: ServerMessage) => sendRaw(c, JSON.stringify(message));
  const sendError = (c: Connection, code: string, message: string) => send(c, { type: 'error', code, message, timestamp: now() });
  const refuse = (c: Connection, closeCode: number, errorCode: string, message: string, reason: string) => {
    sendError(c, errorCode, message);
    if (isOpen(c)) c.socket.close(closeCode, reason);
  };
  return { sendRaw, send, sendError, refuse };
}
