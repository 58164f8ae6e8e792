import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { PublicUser } from '@common/auth';
import { clientMessage, wsCloseCodes, type ServerMessage } from '@common/realtime';
import type { Database } from '../db/client';
import type { DomainEvent, EventBus, TextbookSavedEvent } from './events';
import { createInstanceSync } from './instance-sync';
import { Presence } from './presence';
import { findTextbookSnapshot } from './realtime.repo';
import { createSocketRegistry, type GuardedSocket } from '../http/socket-guard';

/**
 * The /ws hub: presence per textbook, and after each
 * committed save an `edit` with the STORED content and revision to the other
 * clients. A client's own `edit` message is never relayed: saves go through
 * the REST save path (merge, versions, sanitizing), and only what was
 * committed is fanned out.
 */
export interface RealtimeHubOptions {
  /** Ping period; a socket that missed one pong by the next tick is dropped. */
  heartbeatMs?: number;
  /** Larger frames are not parsed (edits travel over REST, not the socket). */
  maxMessageBytes?: number;
  /** Messages per second one socket may send before it is closed. */
  maxMessagesPerSecond?: number;
  /** A socket that stops reading past this many buffered bytes is dropped rather than grow memory. */
  maxBufferedBytes?: number;
  /**
   * The session rules (server/http/socket-guard.ts): a socket's session is checked on every join
   * and every heartbeat, its end closes the socket, and one user holds at most `maxPerUser` sockets.
   */
  sessions?: { valid: (token: string, userId: number) => Promise<boolean>; maxPerUser?: number };
  log?: FastifyBaseLogger;
}

export interface RealtimeHub {
  /** `token`: the session the socket was opened with (re-checked while it lives). */
  accept(socket: WebSocket, user: PublicUser | null, token?: string): void;
  stats(): { sockets: number; rooms: number };
  close(): Promise<void>;
}

interface Connection {
  socket: WebSocket;
  user: PublicUser;
  token?: string;
  joined: Set<number>;
  alive: boolean;
  windowStart: number;
  windowCount: number;
}

const closeReasons = {
  unauthorized: 'Authentication required',
  notFound: 'Textbook not found',
  removed: 'No longer a collaborator',
  deleted: 'Textbook deleted',
  tooMany: 'Too many messages',
  sessionEnded: 'Session ended',
  tooManySockets: 'Too many connections',
} as const;

/**
 * Who may read a textbook, and its revision: the REST policy, handed in by the feature that builds
 * the hub (realtime/ sits below features/ and does not import them).
 */
export type CanRead = (textbookId: number, userId: number) => Promise<{ revision: number } | null>;

export function createRealtimeHub(
  deps: { database: Database; events: EventBus; canRead: CanRead },
  options: RealtimeHubOptions = {},
): RealtimeHub {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const maxMessageBytes = options.maxMessageBytes ?? 64 * 1024;
  const maxPerSecond = options.maxMessagesPerSecond ?? 50;
  const maxBuffered = options.maxBufferedBytes ?? 64 * 1024 * 1024;
  const log = options.log;
  const db = deps.database.db;
  const presence = new Presence<Connection>();
  const connections = new Set<Connection>();
  // Saves of one textbook are fanned out in order, so clients see revisions ascend.
  const chains = new Map<number, Promise<void>>();
  // The newest revision each room's clients were given (at join or by an edit): what a resync compares with.
  const roomRevision = new Map<number, number>();

  const now = () => new Date().toISOString();
  const isOpen = (c: Connection) => c.socket.readyState === c.socket.OPEN;

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

  const broadcastPresence = (type: 'join' | 'leave', textbookId: number, user: { userId: number; username: string }) => {
    const text = JSON.stringify({
      type,
      textbookId,
      userId: user.userId,
      username: user.username,
      timestamp: now(),
    } satisfies ServerMessage);
    for (const other of presence.sockets(textbookId, user.userId)) sendRaw(other, text);
  };
  const sync = createInstanceSync({
    channel: deps.events.presence,
    presence: presence as Presence<unknown>,
    notify: (effect) => broadcastPresence(effect.type, effect.textbookId, effect),
    onResync: () => {
      for (const id of presence.textbookIds()) enqueueFanOut(id, () => resyncRoom(id));
    },
  });

  const leaveRoom = (c: Connection, textbookId: number) => {
    if (!c.joined.delete(textbookId)) return;
    const { lastForUser } = presence.remove(textbookId, c.user.id, c);
    if (!lastForUser) return;
    if (!presence.hasRoom(textbookId)) roomRevision.delete(textbookId);
    sync.announceLeave(textbookId, c.user.id);
    // Still connected through another server: not a leave for anyone.
    if (!sync.presentElsewhere(textbookId, c.user.id))
      broadcastPresence('leave', textbookId, { userId: c.user.id, username: c.user.username });
  };

  const activeUsers = (textbookId: number) => {
    const here = presence.active(textbookId);
    const ids = new Set(here.map((u) => u.userId));
    return [...here, ...sync.activeElsewhere(textbookId).filter((u) => !ids.has(u.userId))];
  };

  const endSession = (c: Connection) =>
    refuse(c, wsCloseCodes.unauthorized, 'UNAUTHORIZED', 'Your session has ended. Please sign in again.', closeReasons.sessionEnded);
  const registry =
    options.sessions &&
    createSocketRegistry<GuardedSocket & { connection: Connection }>({
      maxPerUser: options.sessions.maxPerUser,
      recheckMs: heartbeatMs,
      sessionValid: options.sessions.valid,
      events: deps.events,
      onError: (err) => log?.error({ err }, 'realtime session check failed'),
    });
  const entries = new WeakMap<Connection, GuardedSocket & { connection: Connection }>();

  const join = async (c: Connection, textbookId: number) => {
    // The session may have ended since the socket opened (logout elsewhere, expiry).
    if (options.sessions && !(c.token && (await options.sessions.valid(c.token, c.user.id)))) return endSession(c);
    if (!c.joined.has(textbookId)) {
      // The same policy as REST: anyone who may not read the textbook is told it does not exist.
      const found = await deps.canRead(textbookId, c.user.id);
      if (!isOpen(c)) return;
      if (!found) {
        refuse(c, wsCloseCodes.notFound, 'NOT_FOUND', 'Textbook not found', closeReasons.notFound);
        return;
      }
      c.joined.add(textbookId);
      roomRevision.set(textbookId, Math.max(roomRevision.get(textbookId) ?? 0, found.revision));
      const user = { userId: c.user.id, username: c.user.username };
      const { firstForUser } = presence.add(textbookId, user, c);
      if (firstForUser) {
        sync.announceJoin(textbookId, user);
        if (!sync.presentElsewhere(textbookId, user.userId)) broadcastPresence('join', textbookId, user);
      }
    }
    send(c, { type: 'collaborators', textbookId, collaborators: activeUsers(textbookId), timestamp: now() });
  };

  const onMessage = (c: Connection, data: RawData, isBinary: boolean) => {
    const t = Date.now();
    if (t - c.windowStart >= 1000) {
      c.windowStart = t;
      c.windowCount = 0;
    }
    if (++c.windowCount > maxPerSecond) {
      refuse(c, 1008, 'RATE_LIMITED', 'Too many messages; reconnect to continue.', closeReasons.tooMany);
      return;
    }
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length;
    if (isBinary) return sendError(c, 'BAD_MESSAGE', 'Messages must be JSON text.');
    if (size > maxMessageBytes) return sendError(c, 'MESSAGE_TOO_LARGE', 'Message too large; edits are saved through the API.');
    let json: unknown;
    try {
      json = JSON.parse(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as Buffer).toString('utf8'));
    } catch {
      return sendError(c, 'BAD_MESSAGE', 'Messages must be valid JSON.');
    }
    const parsed = clientMessage.safeParse(json);
    if (!parsed.success) {
      // Which field is wrong, so a client's author can fix it: "Invalid message: textbookId: ...".
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return sendError(c, 'BAD_MESSAGE', `Invalid message: ${where}${issue?.message ?? 'unknown shape'}`);
    }
    const msg = parsed.data;
    if (msg.type === 'join') {
      join(c, msg.textbookId).catch((err: unknown) => {
        log?.error({ err }, 'realtime join failed');
        sendError(c, 'INTERNAL', 'Could not join the textbook. Please try again.');
      });
    } else if (msg.type === 'leave') {
      leaveRoom(c, msg.textbookId);
    }
    // `edit` from a client is deliberately ignored: only committed saves are broadcast (see top).
  };

  const editMessage = (
    textbookId: number,
    author: { userId: number; username: string; live?: boolean },
    snapshot: { content: unknown; revision: number },
    at: string,
  ) =>
    JSON.stringify({
      type: 'edit',
      textbookId,
      userId: author.userId,
      username: author.username,
      ...(author.live ? { live: true } : {}),
      content: snapshot.content,
      revision: snapshot.revision,
      timestamp: at,
    } satisfies ServerMessage);

  /** `announcedAt`: when this instance heard of the save; the edit's timestamp, so clients can measure fan-out. */
  const fanOutSave = async (event: TextbookSavedEvent, announcedAt: string) => {
    if (!presence.hasRoom(event.textbookId)) return;
    const snapshot = await findTextbookSnapshot(db, event.textbookId);
    if (!snapshot) return;
    roomRevision.set(event.textbookId, Math.max(roomRevision.get(event.textbookId) ?? 0, snapshot.revision));
    const recipients = presence.sockets(event.textbookId, event.userId);
    if (recipients.length === 0) return;
    // Serialized once: with 200 sockets the JSON of a large book is the main cost.
    const frame = Buffer.from(editMessage(event.textbookId, event, snapshot, announcedAt));
    for (const c of recipients) sendRaw(c, frame);
  };

  /** After missed events: anyone whose copy is older than the stored one gets the stored one. */
  const resyncRoom = async (textbookId: number) => {
    const snapshot = await findTextbookSnapshot(db, textbookId);
    if (!snapshot || snapshot.revision <= (roomRevision.get(textbookId) ?? 0)) return;
    roomRevision.set(textbookId, snapshot.revision);
    const text = editMessage(textbookId, { userId: 0, username: 'A collaborator' }, snapshot, now());
    for (const c of presence.sockets(textbookId)) sendRaw(c, text);
  };

  const enqueueFanOut = (id: number, work: () => Promise<void>) => {
    const next = (chains.get(id) ?? Promise.resolve())
      .then(work)
      .catch((err: unknown) => log?.error({ err, textbookId: id }, 'realtime fan-out failed'));
    chains.set(id, next);
    void next.then(() => {
      if (chains.get(id) === next) chains.delete(id);
    });
  };

  const closeRoomFor = (
    textbookId: number,
    targets: Connection[],
    closeCode: number,
    errorCode: string,
    message: string,
    reason: string,
  ) => {
    for (const c of targets) {
      leaveRoom(c, textbookId);
      refuse(c, closeCode, errorCode, message, reason);
    }
  };

  const onEvent = (event: DomainEvent) => {
    switch (event.type) {
      case 'textbook.saved': {
        const announcedAt = now();
        enqueueFanOut(event.textbookId, () => fanOutSave(event, announcedAt));
        return;
      }
      case 'collaborators.changed':
        if (event.removedUserId !== undefined) {
          const targets = presence.userSockets(event.textbookId, event.removedUserId);
          closeRoomFor(
            event.textbookId,
            targets,
            wsCloseCodes.forbidden,
            'FORBIDDEN',
            'You are no longer a collaborator on this textbook.',
            closeReasons.removed,
          );
        }
        return;
      case 'textbook.deleted':
        closeRoomFor(
          event.textbookId,
          presence.sockets(event.textbookId),
          wsCloseCodes.notFound,
          'NOT_FOUND',
          'This textbook has been deleted.',
          closeReasons.deleted,
        );
        return;
    }
  };
  const unsubscribe = deps.events.subscribe(onEvent);

  const heartbeat = setInterval(() => {
    for (const c of connections) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    accept(socket, user, token) {
      if (!user) {
        socket.send(
          JSON.stringify({
            type: 'error',
            code: 'UNAUTHORIZED',
            message: 'You must be logged in to collaborate.',
            timestamp: now(),
          } satisfies ServerMessage),
        );
        socket.close(wsCloseCodes.unauthorized, closeReasons.unauthorized);
        return;
      }
      const c: Connection = { socket, user, token, joined: new Set(), alive: true, windowStart: Date.now(), windowCount: 0 };
      if (registry) {
        const entry = { connection: c, userId: user.id, token: token ?? '', close: () => endSession(c) };
        if (!token) return endSession(c);
        if (!registry.add(entry)) {
          refuse(
            c,
            wsCloseCodes.tooManySockets,
            'RATE_LIMITED',
            'Too many open connections. Close another tab of Textbook Studio and try again.',
            closeReasons.tooManySockets,
          );
          return;
        }
        entries.set(c, entry);
      }
      connections.add(c);
      // Handlers are attached synchronously so no early frame is lost.
      socket.on('message', (data, isBinary) => onMessage(c, data, isBinary));
      socket.on('pong', () => {
        c.alive = true;
      });
      socket.on('error', (err) => log?.debug({ err }, 'realtime socket error'));
      socket.on('close', () => {
        connections.delete(c);
        const entry = entries.get(c);
        if (entry) registry?.remove(entry);
        for (const id of [...c.joined]) leaveRoom(c, id);
      });
    },
    stats() {
      return { sockets: connections.size, rooms: presence.roomCount() };
    },
    async close() {
      clearInterval(heartbeat);
      registry?.close();
      unsubscribe();
      sync.close();
      for (const c of connections) if (isOpen(c)) c.socket.close(1001, 'Server shutting down');
      await Promise.allSettled([...chains.values()]);
    },
  };
}
