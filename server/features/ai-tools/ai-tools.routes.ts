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
import { currentUser } from '@server/http/authenticate';
import type { AppDeps } from '@server/http/deps';
import * as service from './ai-tools.service';

/** Rate and body limits: server/http/route-limits.ts (per user, after authentication). */
export function registerAiToolRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/ai/expand-paragraph',
    { schema: { body: expandParagraphBody, response: { 200: expandParagraphResponse } } },
    async (request) => service.expandParagraph(deps, currentUser(request), request.body),
  );
  r.post('/api/ai/expand-chapter', { schema: { body: expandChapterBody, response: { 200: expandChapterResponse } } }, async (request) =>
    service.expandChapter(deps, currentUser(request), request.body),
  );
  r.post(
    '/api/ai/generate-section',
    { schema: { body: generateSectionBody, response: { 200: generateSectionResponse } } },
    async (request) => service.generateSection(deps, currentUser(request), request.body),
  );
  r.post(
    '/api/ai/customize-structure',
    { schema: { body: customizeStructureBody, response: { 200: customizeStructureResponse } } },
    async (request) => service.customizeStructure(deps, currentUser(request), request.body),
  );
  r.post('/api/ai/add-section', { schema: { body: addSectionBody, response: { 200: addSectionResponse } } }, async (request) =>
    service.addSectionToChapter(deps, currentUser(request), request.body),
  );
}
