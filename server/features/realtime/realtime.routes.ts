import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession } from '../auth/auth.service';
import { findTextbookHeaderRole } from '../textbooks/textbooks.policy';
import type { AppDeps } from '@server/features/app-deps';
import { readSessionToken } from '@server/http/session-cookie';
import { isAllowedSocketOrigin } from '@server/realtime/socket-guard';
import { createRealtimeHub, type RealtimeHub, type RealtimeHubOptions } from '@server/realtime/hub';

/**
 * WebSocket /ws: the upgrade is authenticated by the session cookie, and a page on another site
 * may not ride the user's cookie into it (browsers always send Origin on upgrades); the hub
 * re-checks the session on every join and heartbeat and holds each user to 20 sockets.
 */
export function registerRealtimeRoutes(app: FastifyInstance, deps: AppDeps, options: RealtimeHubOptions = {}): RealtimeHub {
  const db = deps.database.db;
  const canRead = async (textbookId: number, userId: number) => {
    const found = await findTextbookHeaderRole(db, textbookId, userId);
    return found ? { revision: found.textbook.revision } : null;
  };
  const hub = createRealtimeHub(
    { database: deps.database, events: deps.events, canRead },
    {
      log: app.log,
      sessions: { valid: async (token, userId) => (await resolveSession(db, token))?.id === userId, counters: deps.counters },
      ...options,
    },
  );
  app.addHook('preClose', async () => {
    await hub.close();
  });
  const places = new WeakMap<FastifyRequest, string | null>();
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request) => {
        request.user = isAllowedSocketOrigin(request, deps.config.allowedOrigins)
          ? await resolveSession(db, readSessionToken(request))
          : null;
        // Counted across instances (Redis when REDIS_URL is set); a refusal is told over the socket.
        if (request.user) places.set(request, await hub.reserve(request.user.id));
      },
    },
    (socket, request) => hub.accept(socket, request.user, readSessionToken(request), places.get(request)),
  );
  return hub;
}
