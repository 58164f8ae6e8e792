import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { materialFields, requiredTopicField } from '@common/extract';
import { parseReferenceList, previewReferencesResponse } from '@common/references';
import type { AppDeps } from '@server/http/deps';
import { requestContext } from '@server/http/request-context';
import { parseFormFields } from '@server/http/form-fields';
import { readMaterialRequest } from '@server/ingest/material-request';
import { databaseCache } from '@server/references/http/provider-http';
import { createReferenceProviders } from '@server/references/provider-factory';
import { previewReferences } from './references.service';

/** The text fields of preview-references: a topic, and the approved references when enhancing them. */
const previewReferencesFields = materialFields.extend({
  topic: requiredTopicField,
  existingReferences: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseReferenceList(raw, 'existingReferences');
      if (parsed.ok) return parsed.references;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
});

export function registerReferenceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Built once, so each provider's rate limit holds across requests.
  const sources = createReferenceProviders(
    deps.config,
    databaseCache(deps.database.db, (err) => app.log.warn({ err }, 'reference cache unavailable')),
  );

  r.post('/api/textbooks/preview-references', { schema: { response: { 200: previewReferencesResponse } } }, async (request) => {
    const ctx = requestContext(deps, request);
    const { files, fields } = await readMaterialRequest(request, deps.config);
    return previewReferences(ctx, sources, { files, fields: parseFormFields(previewReferencesFields, fields) });
  });
}
