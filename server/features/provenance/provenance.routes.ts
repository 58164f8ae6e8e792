import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagePictureParams, provenanceParams, provenanceQuery, provenanceResponse } from '@common/provenance';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { pagePicture } from './page-picture.service';
import { getProvenance } from './provenance.service';

/** Where a chapter's text comes from (common/provenance.ts): owner and collaborators; strangers get 404. */
export function registerProvenanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/textbooks/:id/provenance',
    { schema: { params: provenanceParams, querystring: provenanceQuery, response: { 200: provenanceResponse } } },
    async (request) => getProvenance(requestContext(deps, request), request.params.id, request.query.chapter),
  );
  // A page of a PDF source as a picture: drawn on each request (nothing big is kept in memory); the browser may keep it a while.
  r.get('/api/textbooks/:id/sources/:documentId/page/:n', { schema: { params: pagePictureParams } }, async (request, reply) => {
    const { id, documentId, n } = request.params;
    const png = await pagePicture(requestContext(deps, request), id, documentId, n);
    return reply
      .header('Cache-Control', 'private, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .type('image/png')
      .send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  });
}
