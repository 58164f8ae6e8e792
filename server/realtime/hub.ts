import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { PublicUser } from '@common/auth';
import { wsCloseCodes, type ServerMessage } from '@common/realtime';
import type { Database } from '../db/client';
import { readClientFrame } from './client-frames';
import type { DomainEvent, EventBus } from './events';
import { createFanOut } from './fan-out';
import { startHeartbeat } from './heartbeat';
import { closeReasons, createSender, isOpen, now, type Connection } from './hub-connection';
import { Presence } from './presence';
import { createRooms, type CanRead } from './rooms';
import { createSocketRegistry, type GuardedSocket } from './socket-guard';
import type { SharedCounters } from '../core/shared-counters';

/**
 * The /ws hub: presence per textbook (rooms.ts), and after each committed save an `edit` with the
 * STORED content and revision to the other clients (fan-out.ts). A client's own `edit` message is
 * never relayed: saves go through the REST save path (merge, versions, sanitizing), and only what
 * was committed is fanned out. Here: accepting sockets, their session rules, and the events that
 * close rooms.
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
   * The session rules (server/realtime/socket-guard.ts): a socket's session is checked on every join
   * and every heartbeat, its end closes the socket, and one user holds at most `maxPerUser` sockets.
   */
  sessions?: { valid: (token: string, userId: number) => Promise<boolean>; maxPerUser?: number; counters?: SharedCounters };
  log?: FastifyBaseLogger;
}

export interface RealtimeHub {
  /** A place among the user's sockets on every instance (null: they hold the most), taken before the upgrade. */
  reserve(userId: number): Promise<string | null>;
  /** `token`: the session the socket was opened with (re-checked while it lives); `place`: what `reserve` gave. */
  accept(socket: WebSocket, user: PublicUser | null, token?: string, place?: string | null): void;
  stats(): { sockets: number; rooms: number };
  close(): Promise<void>;
}

export function createRealtimeHub(
  deps: { database: Database; events: EventBus; canRead: CanRead },
  options: RealtimeHubOptions = {},
): RealtimeHub {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const limits = { maxMessageBytes: options.maxMessageBytes ?? 64 * 1024, maxPerSecond: options.maxMessagesPerSecond ?? 50 };
  const log = options.log;
  const sender = createSender(options.maxBufferedBytes ?? 64 * 1024 * 1024);
  const presence = new Presence<Connection>();
  const connections = new Set<Connection>();
  const fanOut = createFanOut({ db: deps.database.db, presence, sender, log });
  const rooms = createRooms({ presence, channel: deps.events.presence, canRead: deps.canRead, sender, fanOut });

  const endSession = (c: Connection) =>
    sender.refuse(c, wsCloseCodes.unauthorized, 'UNAUTHORIZED', 'Your session has ended. Please sign in again.', closeReasons.sessionEnded);
  const registry =
    options.sessions &&
    createSocketRegistry<GuardedSocket & { connection: Connection }>({
      maxPerUser: options.sessions.maxPerUser,
      recheckMs: heartbeatMs,
      sessionValid: options.sessions.valid,
      events: deps.events,
      onError: (err) => log?.error({ err }, 'realtime session check failed'),
      counters: options.sessions.counters,
      kind: 'events',
    });
  const entries = new WeakMap<Connection, GuardedSocket & { connection: Connection }>();

  const join = async (c: Connection, textbookId: number) => {
    // The session may have ended since the socket opened (logout elsewhere, expiry).
    if (options.sessions && !(c.token && (await options.sessions.valid(c.token, c.user.id)))) return endSession(c);
    await rooms.join(c, textbookId);
  };

  const onMessage = (c: Connection, msg: NonNullable<ReturnType<typeof readClientFrame>>) => {
    if (msg.type === 'join') {
      join(c, msg.textbookId).catch((err: unknown) => {
        log?.error({ err }, 'realtime join failed');
        sender.sendError(c, 'INTERNAL', 'Could not join the textbook. Please try again.');
      });
    } else if (msg.type === 'leave') {
      rooms.leave(c, msg.textbookId);
    }
    // `edit` from a client is deliberately ignored: only committed saves are broadcast (see top).
  };

  const onEvent = (event: DomainEvent) => {
    switch (event.type) {
      case 'textbook.saved':
        fanOut.saved(event);
        return;
      case 'collaborators.changed':
        if (event.removedUserId !== undefined) {
          const targets = presence.userSockets(event.textbookId, event.removedUserId);
          rooms.closeRoomFor(
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
        rooms.closeRoomFor(
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
  const stopHeartbeat = startHeartbeat(connections, heartbeatMs);

  return {
    async reserve(userId) {
      return registry ? registry.reserve(userId) : 'local';
    },
    accept(socket, user, token, place) {
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
        const entry = { connection: c, userId: user.id, token: token ?? '', place: place ?? undefined, close: () => endSession(c) };
        if (!token) return endSession(c);
        if (place === null || !registry.add(entry)) {
          sender.refuse(
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
      socket.on('message', (data, isBinary) => {
        const msg = readClientFrame(c, data, isBinary, limits, sender);
        if (msg) onMessage(c, msg);
      });
      socket.on('pong', () => {
        c.alive = true;
      });
      socket.on('error', (err) => log?.debug({ err }, 'realtime socket error'));
      socket.on('close', () => {
        connections.delete(c);
        const entry = entries.get(c);
        if (entry) registry?.remove(entry);
        for (const id of [...c.joined]) rooms.leave(c, id);
      });
    },
    stats() {
      return { sockets: connections.size, rooms: presence.roomCount() };
    },
    async close() {
      stopHeartbeat();
      registry?.close();
      unsubscribe();
      rooms.close();
      for (const c of connections) if (isOpen(c)) c.socket.close(1001, 'Server shutting down');
      await fanOut.settled();
    },
  };
}
