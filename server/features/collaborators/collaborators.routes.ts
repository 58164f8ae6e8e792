import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addCollaboratorBody, collaboratorEntry, collaboratorListResponse, collaboratorParams } from '@common/collaborators';
import { okAnswer, okResponse } from '@common/ok-response';
import { textbookIdParams } from '@common/textbooks-api';
import type { AppDeps } from '@server/http/deps';
import { requestContext } from '@server/http/request-context';
import { addCollaborator, listCollaborators, removeCollaborator } from './collaborators.service';

export function registerCollaboratorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/textbooks/:id/collaborators',
    { schema: { params: textbookIdParams, response: { 200: collaboratorListResponse } } },
    async (request) => listCollaborators(requestContext(deps, request), request.params.id),
  );

  r.post(
    '/api/textbooks/:id/collaborators',
    { schema: { params: textbookIdParams, body: addCollaboratorBody, response: { 201: collaboratorEntry } } },
    async (request, reply) => {
      const entry = await addCollaborator(requestContext(deps, request), request.params.id, request.body.collaboratorId);
      return reply.status(201).send(entry);
    },
  );

  r.delete(
    '/api/textbooks/:id/collaborators/:userId',
    { schema: { params: collaboratorParams, response: { 200: okResponse } } },
    async (request) => {
      await removeCollaborator(requestContext(deps, request), request.params.id, request.params.userId);
      return okAnswer;
    },
  );
}
