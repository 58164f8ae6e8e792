import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { PublicUser } from '@common/auth';
import type { Db } from '@server/db/client';
import { currentUser } from '@server/http/authenticate';
import type { AppDeps } from './app-deps';

/**
 * What a service receives as its first argument (docs/decisions.md, "Services take one context"):
 * the app's long-lived services, the database, and the logger of the work at hand. For a request,
 * `log` is the request's logger (its lines carry the request id) and overrides AppDeps.log.
 */
export interface AnonymousContext extends AppDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/** The context of a signed-in caller: every service that acts for a user takes this one. */
export interface RequestContext extends AnonymousContext {
  user: PublicUser;
}

/** For public routes (register, login, share links): no user. */
export function anonymousContext(deps: AppDeps, request: FastifyRequest): AnonymousContext {
  return { ...deps, db: deps.database.db, log: request.log };
}

/** For signed-in routes: the user of the request (401 when there is none). */
export function requestContext(deps: AppDeps, request: FastifyRequest): RequestContext {
  return { ...deps, db: deps.database.db, log: request.log, user: currentUser(request) };
}

/**
 * For work done for a user outside any request (live documents
 * stored on pause): the app's logger with the given bindings.
 */
export function backgroundContext(deps: AppDeps, user: PublicUser, bindings: Record<string, unknown> = {}): RequestContext {
  return { ...deps, db: deps.database.db, log: deps.log.child(bindings), user };
}
