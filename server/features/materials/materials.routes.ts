import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMaterialBody, materialListResponse, materialResponse } from '@common/materials';
import { materialDownloadQuery } from '@common/material-downloads';
import { okAnswer, okResponse } from '@common/ok-response';
import { numericId, textbookIdParams } from '@common/textbooks-api';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { createMaterial, deleteTextbookMaterial, listTextbookMaterials } from './materials.service';
import { downloadMaterial } from './downloads/material-download';

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

  // A quiz or assessment as QTI 1.2, Moodle XML, GIFT, or a printable handout with the key on pages of its own.
  r.get(
    '/api/textbooks/:id/materials/:materialId/download',
    { schema: { params: materialParams, querystring: materialDownloadQuery } },
    async (request, reply) => {
      const file = await downloadMaterial(requestContext(deps, request), request.params.id, request.params.materialId, request.query);
      // The file name is letters, digits, dashes and dots only (materialDownloadFileName): nothing to escape.
      return reply
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .type(file.mime)
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
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
