import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { extractTextResponse, materialFields } from '@common/extract';
import type { AppDeps } from '@server/http/deps';
import { requestContext } from '@server/http/request-context';
import { parseFormFields } from '@server/http/form-fields';
import { readMaterialRequest } from '@server/ingest/material-request';
import { extractText } from './extract.service';

export function registerExtractRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Extraction is CPU-heavy: a per-user rate limit (server/http/route-limits.ts) keeps one client from starving the others.
  r.post('/api/extract-text', { schema: { response: { 200: extractTextResponse } } }, async (request) => {
    const ctx = requestContext(deps, request);
    const { files, fields } = await readMaterialRequest(request, deps.config);
    return extractText(ctx, { files, fields: parseFormFields(materialFields, fields) });
  });
}
