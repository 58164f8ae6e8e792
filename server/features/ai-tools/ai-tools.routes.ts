import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addSectionBody,
  addSectionResponse,
  customizeStructureBody,
  customizeStructureResponse,
  expandChapterBody,
  expandChapterResponse,
  expandParagraphBody,
  expandParagraphResponse,
  generateSectionBody,
  generateSectionResponse,
} from '@common/ai-tools';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import * as service from './ai-tools.service';

/** Rate and body limits: server/http/route-limits.ts (per user, after authentication). */
export function registerAiToolRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/ai/expand-paragraph',
    { schema: { body: expandParagraphBody, response: { 200: expandParagraphResponse } } },
    async (request) => service.expandParagraph(requestContext(deps, request), request.body),
  );
  r.post('/api/ai/expand-chapter', { schema: { body: expandChapterBody, response: { 200: expandChapterResponse } } }, async (request) =>
    service.expandChapter(requestContext(deps, request), request.body),
  );
  r.post(
    '/api/ai/generate-section',
    { schema: { body: generateSectionBody, response: { 200: generateSectionResponse } } },
    async (request) => service.generateSection(requestContext(deps, request), request.body),
  );
  r.post(
    '/api/ai/customize-structure',
    { schema: { body: customizeStructureBody, response: { 200: customizeStructureResponse } } },
    async (request) => service.customizeStructure(requestContext(deps, request), request.body),
  );
  r.post('/api/ai/add-section', { schema: { body: addSectionBody, response: { 200: addSectionResponse } } }, async (request) =>
    service.addSectionToChapter(requestContext(deps, request), request.body),
  );
}
