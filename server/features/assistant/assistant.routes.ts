import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outlineAssistantBody, outlineAssistantResponse } from '@common/assistant';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { askOutlineAssistant } from './assistant.service';

export function registerAssistantRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/ai/outline-assistant',
    { schema: { body: outlineAssistantBody, response: { 200: outlineAssistantResponse } } },
    async (request) => askOutlineAssistant(requestContext(deps, request), request.body),
  );
}
