import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicUser } from '@common/auth';
import { AppError } from '../core/app-error';
import { readSessionToken } from './session-cookie';
import { apiDocsPrefix } from './openapi';

declare module 'fastify' {
  interface FastifyRequest {
    user: PublicUser | null;
  }
  interface FastifyContextConfig {
    /** Routes that anonymous callers may use (login, register, logout, health). */
    public?: boolean;
  }
}

/** The signed-in user of a request that passed authentication. */
export function currentUser(request: FastifyRequest): PublicUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

/**
 * Every /api route answers 401 to an anonymous caller unless it is marked
 * public: added on route registration, so a new route cannot forget it. It runs
 * as the first onRequest hook, before the body is read: an anonymous caller's
 * body is never parsed, and the rate limits after it can count per user. Who a session token
 * stands for is the auth feature's to say: the app hands its `resolveSession` in.
 */
export function registerAuthentication(
  app: FastifyInstance,
  resolveSession: (token: string | undefined) => Promise<PublicUser | null>,
): void {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    // The API reference pages are public like the document they show.
    if (!route.url.startsWith('/api') || route.config?.public || route.url.startsWith(apiDocsPrefix)) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [
      async (request: FastifyRequest) => {
        request.user = await resolveSession(readSessionToken(request));
        if (!request.user) throw AppError.unauthorized();
      },
      ...existing,
    ];
  });
}
