import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { provenanceParams, provenanceQuery, provenanceResponse } from '@common/provenance';
import type { AppDeps } from '@server/http/deps';
import { requestContext } from '@server/http/request-context';
import { getProvenance } from './provenance.service';

/** Where a chapter's text comes from (common/provenance.ts): owner and collaborators; strangers get 404. */
export function registerProvenanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/textbooks/:id/provenance',
    { schema: { params: provenanceParams, querystring: provenanceQuery, response: { 200: provenanceResponse } } },
    async (request) => getProvenance(requestContext(deps, request), request.params.id, request.query.chapter),
  );
}
