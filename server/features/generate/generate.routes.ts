import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { generateOutlineResponse, generationJobParams, generationJobResponse } from '../../../common/generate';
import { currentUser } from '../../http/authenticate';
import type { AppDeps } from '../../http/deps';
import { readMaterialRequest } from '../../ingest/material-request';
import { generateOutline } from './generate.service';
import { getJob } from './generation-jobs.service';
import { generateOutlineQueue, runGeneration } from './generation-runner';

export function registerGenerateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  deps.jobs.work(generateOutlineQueue, (data, run) => runGeneration(deps, data, run));

  r.post('/api/textbooks/generate-outline', { schema: { response: { 200: generateOutlineResponse } } }, async (request, reply) => {
    const user = currentUser(request);
    const { files, fields } = await readMaterialRequest(request, deps.config);
    const result = await generateOutline(deps, user, { files, fields });
    return reply.send(result);
  });

  r.get(
    '/api/generation-jobs/:jobId',
    { schema: { params: generationJobParams, response: { 200: generationJobResponse } } },
    async (request) => {
      return getJob(deps.database.db, currentUser(request), request.params.jobId);
    },
  );
}
