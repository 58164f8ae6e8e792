import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { materialFields, requiredTopicField } from '@common/extract';
import { generateOutlineResponse, generationJobId, generationJobParams, generationJobResponse } from '@common/generate';
import { bookLengthSchema } from '@common/textbook';
import type { AppDeps } from '@server/http/deps';
import { requestContext } from '@server/http/request-context';
import { parseFormFields } from '@server/http/form-fields';
import { parseApprovedReferences } from './approved-references';
import { readMaterialRequest } from '@server/ingest/material-request';
import { generateOutline } from './generate.service';
import { getJob } from './generation-jobs.service';
import { generateOutlineQueue, runGeneration } from './generation-runner';

/** The text fields of generate-outline: a topic, the approved references (a JSON array), the book's length and the client's job id. */
const generateOutlineFields = materialFields.extend({
  topic: requiredTopicField,
  approvedReferences: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseApprovedReferences(raw);
      if (parsed.ok) return parsed.references;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  // The whole material unless the user chose a condensed book (an empty field is the default).
  length: z.preprocess((v) => (v === '' ? undefined : v), bookLengthSchema.optional()),
  // An empty field is no job id: the server makes one.
  jobId: z.preprocess((v) => (v === '' ? undefined : v), generationJobId.optional()),
});

export function registerGenerateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  deps.jobs.work(generateOutlineQueue, (data, run) => runGeneration(deps, data, run));

  r.post('/api/textbooks/generate-outline', { schema: { response: { 200: generateOutlineResponse } } }, async (request, reply) => {
    const ctx = requestContext(deps, request);
    const { files, fields } = await readMaterialRequest(request, deps.config);
    const result = await generateOutline(ctx, { files, fields: parseFormFields(generateOutlineFields, fields) });
    return reply.send(result);
  });

  r.get(
    '/api/generation-jobs/:jobId',
    { schema: { params: generationJobParams, response: { 200: generationJobResponse } } },
    async (request) => {
      return getJob(requestContext(deps, request), request.params.jobId);
    },
  );
}
