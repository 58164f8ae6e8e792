import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { embeddingProgressQuery, embeddingProgressResponse } from '@common/extract';
import { currentUser } from '@server/http/authenticate';
import type { AppDeps } from '@server/features/app-deps';

export function registerSourceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Counts only the user's own sources: ids of others' count as nothing (no existence is revealed).
  r.get(
    '/api/sources/embeddings',
    { schema: { querystring: embeddingProgressQuery, response: { 200: embeddingProgressResponse } } },
    async (request) => deps.backgroundEmbeddings.progress(currentUser(request).id, request.query.ids),
  );
}
