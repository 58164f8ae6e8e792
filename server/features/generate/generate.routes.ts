import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { generateOutlineResponse, generationJobParams, generationJobResponse } from '@common/generate';
import { generateOutlineForm } from '@common/upload-forms';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { readUploadForm } from '@server/http/multipart-reader';
import { materialUploadBounds } from '@server/http/upload-bounds';
import { generateOutline } from './generate.service';
import { getJob } from './generation-jobs.service';
import { generateOutlineQueue, runGeneration } from './generation-runner';

export function registerGenerateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  deps.jobs.work(generateOutlineQueue, (data, run) => runGeneration(deps, data, run));

  const config = { uploadForm: generateOutlineForm };
  r.post('/api/textbooks/generate-outline', { schema: { response: { 200: generateOutlineResponse } }, config }, async (request, reply) => {
    const ctx = requestContext(deps, request);
    const result = await generateOutline(ctx, await readUploadForm(request, generateOutlineForm, materialUploadBounds(deps.config)));
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
