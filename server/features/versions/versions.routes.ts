import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { textbookIdParams } from '@common/textbooks-api';
import { restoreVersionResponse, versionListResponse, versionParams, versionResponse } from '@common/versions';
import { currentUser } from '@server/http/authenticate';
import type { AppDeps } from '@server/http/deps';
import { getVersion, listVersions, restoreVersion } from './versions.service';

/** Version history: owner and collaborators only; strangers get 404. */
export function registerVersionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;

  r.get(
    '/api/textbooks/:id/versions',
    { schema: { params: textbookIdParams, response: { 200: versionListResponse } } },
    async (request) => ({
      versions: await listVersions(db, currentUser(request), request.params.id),
    }),
  );

  r.get(
    '/api/textbooks/:id/versions/:versionId',
    { schema: { params: versionParams, response: { 200: versionResponse } } },
    async (request) => ({
      version: await getVersion(db, currentUser(request), request.params.id, request.params.versionId),
    }),
  );

  r.post(
    '/api/textbooks/:id/versions/:versionId/restore',
    { schema: { params: versionParams, response: { 200: restoreVersionResponse } } },
    async (request) => restoreVersion(deps, currentUser(request), request.params.id, request.params.versionId),
  );
}
