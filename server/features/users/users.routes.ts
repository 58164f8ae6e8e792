import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userSearchQuery, userSearchResponse } from '@common/collaborators';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { searchUsers } from './users.service';

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Answers a plain list of {id, username}; nothing else about a user leaves the server.
  r.get('/api/users/search', { schema: { querystring: userSearchQuery, response: { 200: userSearchResponse } } }, async (request) =>
    searchUsers(requestContext(deps, request), request.query.q, request.query.textbookId),
  );
}
