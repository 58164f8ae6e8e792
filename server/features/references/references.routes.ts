import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { previewReferencesResponse } from '@common/references';
import { previewReferencesForm } from '@common/upload-forms';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { readUploadForm } from '@server/http/multipart-reader';
import { materialUploadBounds } from '@server/http/upload-bounds';
import { databaseCache } from '@server/references/http/provider-http';
import { createReferenceProviders } from '@server/references/provider-factory';
import { previewReferences } from './references.service';

export function registerReferenceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Built once, so each provider's rate limit holds across requests.
  const sources = createReferenceProviders(
    deps.config,
    databaseCache(deps.database.db, (err) => app.log.warn({ err }, 'reference cache unavailable')),
  );

  const config = { uploadForm: previewReferencesForm };
  r.post('/api/textbooks/preview-references', { schema: { response: { 200: previewReferencesResponse } }, config }, async (request) => {
    const ctx = requestContext(deps, request);
    return previewReferences(ctx, sources, await readUploadForm(request, previewReferencesForm, materialUploadBounds(deps.config)));
  });
}
