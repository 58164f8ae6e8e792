import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession } from '../auth/auth.service';
import type { AppDeps } from '../../http/deps';
import { readSessionToken } from '../../http/session-cookie';
import { createRealtimeHub, type RealtimeHubOptions } from '../../realtime/hub';

/**
 * A page on another site must not ride the user's cookie into our socket
 * (cross-site WebSocket hijacking): browsers always send Origin on upgrades.
 */
function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // Non-browser clients (tests, tools) send none; the cookie still decides.
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** WebSocket /ws: the upgrade is authenticated by the session cookie; the hub does the rest. */
export function registerRealtimeRoutes(app: FastifyInstance, deps: AppDeps, options: RealtimeHubOptions = {}): void {
  const hub = createRealtimeHub(deps, { log: app.log, ...options });
  app.addHook('preClose', async () => {
    await hub.close();
  });
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request) => {
        request.user = isSameOrigin(request) ? await resolveSession(deps.database.db, readSessionToken(request)) : null;
      },
    },
    (socket, request) => hub.accept(socket, request.user),
  );
}
