import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, publicUser, registerBody } from '@common/auth';
import { okAnswer, okResponse } from '@common/ok-response';
import { currentUser } from '@server/http/authenticate';
import type { AppDeps } from '@server/features/app-deps';
import { anonymousContext, requestContext } from '@server/features/request-context';
import { rememberKnownDevice, readKnownDevice } from '@server/http/known-device-cookie';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '@server/http/session-cookie';
import * as auth from './auth.service';

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/register',
    { schema: { body: registerBody, response: { 201: publicUser } }, config: { public: true } },
    async (request, reply) => {
      const ctx = anonymousContext(deps, request);
      const user = await auth.register(ctx, request.body.username, request.body.password);
      const session = await auth.createSession(ctx, user.id);
      setSessionCookie(request, reply, session.token);
      return reply.status(201).send(user);
    },
  );

  r.post('/api/login', { schema: { body: loginBody, response: { 200: publicUser } }, config: { public: true } }, async (request, reply) => {
    const ctx = anonymousContext(deps, request);
    const user = await auth.login(ctx, request.body.username, request.body.password, request.ip, readKnownDevice(request));
    const session = await auth.createSession(ctx, user.id);
    setSessionCookie(request, reply, session.token);
    rememberKnownDevice(request, reply, user.id);
    return reply.send(user);
  });

  r.post('/api/logout', { schema: { response: { 200: okResponse } }, config: { public: true } }, async (request, reply) => {
    const ended = await auth.logout(anonymousContext(deps, request), readSessionToken(request));
    clearSessionCookie(reply);
    // Other instances forget the session too, and its sockets close everywhere.
    if (ended) await deps.events.publish({ type: 'sessions.ended', ...ended });
    return reply.send(okAnswer);
  });

  /** "Sign out everywhere": ends every session of the user (other browsers and devices too). */
  r.post('/api/logout-everywhere', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    const ended = await auth.logoutEverywhere(requestContext(deps, request));
    clearSessionCookie(reply);
    await deps.events.publish({ type: 'sessions.ended', ...ended });
    return reply.send(okAnswer);
  });

  r.get('/api/user', { schema: { response: { 200: publicUser } } }, async (request) => currentUser(request));
}
