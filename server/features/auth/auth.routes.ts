import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, registerBody } from '../../../common/auth';
import type { AppDeps } from '../../http/deps';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session-cookie';
import * as auth from './auth.service';

/** A username and a password fit in far less: anything bigger is refused before it is parsed. */
const authBodyMaxBytes = 16 * 1024;

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;

  r.post(
    '/api/register',
    { schema: { body: registerBody }, config: { public: true }, bodyLimit: authBodyMaxBytes },
    async (request, reply) => {
      const user = await auth.register(db, request.body.username, request.body.password);
      const session = await auth.createSession(db, user.id);
      setSessionCookie(request, reply, session.token);
      return reply.status(201).send(user);
    },
  );

  r.post('/api/login', { schema: { body: loginBody }, config: { public: true }, bodyLimit: authBodyMaxBytes }, async (request, reply) => {
    const user = await auth.login(db, deps.loginThrottle, request.body.username, request.body.password, request.ip);
    const session = await auth.createSession(db, user.id);
    setSessionCookie(request, reply, session.token);
    return reply.send(user);
  });

  r.post('/api/logout', { config: { public: true } }, async (request, reply) => {
    await auth.logout(db, readSessionToken(request));
    clearSessionCookie(reply);
    return reply.send({ ok: true });
  });

  r.get('/api/user', async (request) => request.user);
}
