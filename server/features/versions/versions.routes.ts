import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { textbookIdParams } from '@common/textbooks-api';
import { restoreVersionResponse, versionListResponse, versionParams, versionResponse } from '@common/versions';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { getVersion, listVersions, restoreVersion } from './versions.service';

/** Version history: owner and collaborators only; strangers get 404. */
export function registerVersionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/textbooks/:id/versions',
    { schema: { params: textbookIdParams, response: { 200: versionListResponse } } },
    async (request) => ({
      versions: await listVersions(requestContext(deps, request), request.params.id),
    }),
  );

  r.get(
    '/api/textbooks/:id/versions/:versionId',
    { schema: { params: versionParams, response: { 200: versionResponse } } },
    async (request) => ({
      version: await getVersion(requestContext(deps, request), request.params.id, request.params.versionId),
    }),
  );

  r.post(
    '/api/textbooks/:id/versions/:versionId/restore',
    { schema: { params: versionParams, response: { 200: restoreVersionResponse } } },
    async (request) => restoreVersion(requestContext(deps, request), request.params.id, request.params.versionId),
  );
}
