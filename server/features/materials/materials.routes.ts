import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMaterialBody, materialListResponse, materialResponse } from '@common/materials';
import { okAnswer, okResponse } from '@common/ok-response';
import { numericId, textbookIdParams } from '@common/textbooks-api';
import type { AppDeps } from '@server/http/deps';
import { requestContext } from '@server/http/request-context';
import { createMaterial, deleteTextbookMaterial, listTextbookMaterials } from './materials.service';

const materialParams = z.object({ id: numericId('Textbook id'), materialId: numericId('Material id') });

/** Educational materials of a textbook: owner and collaborators only; strangers get 404. */
export function registerMaterialRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/textbooks/:id/materials',
    { schema: { params: textbookIdParams, response: { 200: materialListResponse } } },
    async (request) => ({
      materials: await listTextbookMaterials(requestContext(deps, request), request.params.id),
    }),
  );

  r.post(
    '/api/textbooks/:id/materials',
    { schema: { params: textbookIdParams, body: createMaterialBody, response: { 201: materialResponse } } },
    async (request, reply) => {
      const material = await createMaterial(requestContext(deps, request), request.params.id, request.body);
      return reply.status(201).send({ material });
    },
  );

  r.delete(
    '/api/textbooks/:id/materials/:materialId',
    { schema: { params: materialParams, response: { 200: okResponse } } },
    async (request) => {
      await deleteTextbookMaterial(requestContext(deps, request), request.params.id, request.params.materialId);
      return okAnswer;
    },
  );
}
