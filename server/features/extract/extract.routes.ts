import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { extractTextResponse } from '@common/extract';
import { extractTextForm } from '@common/upload-forms';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { readUploadForm } from '@server/http/multipart-reader';
import { materialUploadBounds } from '@server/http/upload-bounds';
import { extractText } from './extract.service';

export function registerExtractRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Extraction is CPU-heavy: a per-user rate limit (server/http/route-limits.ts) keeps one client from starving the others.
  const config = { uploadForm: extractTextForm };
  r.post('/api/extract-text', { schema: { response: { 200: extractTextResponse } }, config }, async (request) => {
    const ctx = requestContext(deps, request);
    return extractText(ctx, await readUploadForm(request, extractTextForm, materialUploadBounds(deps.config)));
  });
}
