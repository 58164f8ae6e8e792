import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { liveCloseCodes, liveDocumentPath } from '@common/live-document';
import { AppError } from '@server/core/app-error';
import type { AppDeps } from '@server/features/app-deps';
import { readSessionToken } from '@server/http/session-cookie';
import { createSocketRegistry, isAllowedSocketOrigin, type GuardedSocket } from '@server/realtime/socket-guard';
import { resolveSession } from '../auth/auth.service';
import type { CollabServer } from './collab-server';

export interface CollabRouteOptions {
  /** Frames larger than this close the socket (ws enforces the app-wide frame limit as well). */
  maxMessageBytes?: number;
  /** Messages per second one socket may send before it is closed (typing sends two per keystroke: the edit and the caret). */
  maxMessagesPerSecond?: number;
  maxSocketsPerUser?: number;
  sessionRecheckMs?: number;
}

interface LiveSocket extends GuardedSocket {
  socket: WebSocket;
}

function sizeOf(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function bytesOf(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * WebSocket /collab: the live-document protocol (Hocuspocus over Yjs). The upgrade is refused
 * (403/401/429) for another site's page, an anonymous request, or a user already holding the
 * most sockets; each socket is then held to a size and rate limit, and closed when its session
 * ends.
 */
export function registerCollabRoutes(app: FastifyInstance, deps: AppDeps, collab: CollabServer, options: CollabRouteOptions = {}): void {
  const maxBytes = options.maxMessageBytes ?? 1024 * 1024;
  const maxPerSecond = options.maxMessagesPerSecond ?? 120;
  const registry = createSocketRegistry<LiveSocket>({
    maxPerUser: options.maxSocketsPerUser,
    recheckMs: options.sessionRecheckMs,
    sessionValid: async (token, userId) => (await resolveSession(deps.database.db, token))?.id === userId,
    // "Sign out everywhere" or a logout on any instance closes the live sockets at once.
    events: deps.events,
    onError: (err) => app.log.error({ err }, 'live socket session check failed'),
    counters: deps.counters,
    kind: 'live',
  });
  const places = new WeakMap<FastifyRequest, string>();
  app.addHook('preClose', async () => {
    registry.close();
    await collab.close();
  });

  app.get(
    liveDocumentPath,
    {
      websocket: true,
      preValidation: async (request) => {
        if (!isAllowedSocketOrigin(request, deps.config.allowedOrigins)) throw AppError.forbidden('Cross-site requests are not allowed.');
        const token = readSessionToken(request);
        const user = await resolveSession(deps.database.db, token);
        if (!user || !token) throw AppError.unauthorized('You must be logged in to collaborate.');
        // Counted across instances (Redis when REDIS_URL is set): 20 sockets per user in all.
        const place = await registry.reserve(user.id);
        if (!place) throw new AppError('RATE_LIMITED', 'Too many open connections; close another tab and try again.');
        places.set(request, place);
        request.user = user;
      },
    },
    (socket, request) => {
      const user = request.user;
      const token = readSessionToken(request);
      if (!user || !token) return socket.close(4401, 'unauthorized');
      const entry: LiveSocket = {
        socket,
        userId: user.id,
        token,
        place: places.get(request),
        close: () => socket.close(4401, 'session-ended'),
      };
      if (!registry.add(entry)) return socket.close(liveCloseCodes.policy, 'too-many-connections');

      const closeSocket = (code: number, reason: string) => {
        if (socket.readyState === socket.OPEN) socket.close(code, reason);
      };
      // Hocuspocus reads the request's headers only; the cookie was checked above.
      const webRequest = new Request(`http://${request.headers.host ?? 'localhost'}${request.url}`, {
        headers: { 'user-agent': request.headers['user-agent'] ?? '' },
      });
      const connection = collab.hocuspocus.handleConnection(socket, webRequest, { user, closeSocket });

      let windowStart = Date.now();
      let windowCount = 0;
      socket.on('message', (data, isBinary) => {
        const now = Date.now();
        if (now - windowStart >= 1000) {
          windowStart = now;
          windowCount = 0;
        }
        if (++windowCount > maxPerSecond) return closeSocket(liveCloseCodes.policy, 'rate-limited');
        if (!isBinary) return closeSocket(liveCloseCodes.policy, 'binary-frames-only');
        if (sizeOf(data) > maxBytes) return closeSocket(liveCloseCodes.tooLarge, 'message-too-large');
        connection.handleMessage(bytesOf(data));
      });
      socket.on('error', (err) => app.log.debug({ err }, 'live socket error'));
      socket.on('close', (code, reason) => {
        registry.remove(entry);
        connection.handleClose({ code, reason: reason.toString() });
      });
    },
  );
}
