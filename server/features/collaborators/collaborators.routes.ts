import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCollaboratorBody,
  collaborationBlockList,
  collaboratorEntry,
  collaboratorListResponse,
  collaboratorParams,
  ownerIdParams,
  removeCollaboratorQuery,
} from '@common/collaborators';
import { okAnswer, okResponse } from '@common/ok-response';
import { textbookIdParams } from '@common/textbooks-api';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { addCollaborator, listBlocks, listCollaborators, removeBlock, removeCollaborator } from './collaborators.service';

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
    { schema: { params: collaboratorParams, querystring: removeCollaboratorQuery, response: { 200: okResponse } } },
    async (request) => {
      await removeCollaborator(requestContext(deps, request), request.params.id, request.params.userId, request.query.block === 'true');
      return okAnswer;
    },
  );

  /** Owners the signed-in user left with "block": they cannot add the user to their books again. */
  r.get('/api/collaboration-blocks', { schema: { response: { 200: collaborationBlockList } } }, async (request) =>
    listBlocks(requestContext(deps, request)),
  );

  r.delete('/api/collaboration-blocks/:ownerId', { schema: { params: ownerIdParams, response: { 200: okResponse } } }, async (request) => {
    await removeBlock(requestContext(deps, request), request.params.ownerId);
    return okAnswer;
  });
}
