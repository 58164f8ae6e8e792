import type { FastifyInstance, FastifyRequest } from 'fastify';
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
} from '../../../common/ai-tools';
import { currentUser } from '../../http/authenticate';
import type { AppDeps } from '../../http/deps';
import * as service from './ai-tools.service';

/**
 * Per signed-in user (the limiter runs after authentication, as a preHandler):
 * these calls retrieve over a whole book's sources, so one user cannot keep
 * the two shared cores busy for everyone else.
 */
function perUser(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    },
  };
}

export function registerAiToolRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/ai/expand-paragraph',
    { schema: { body: expandParagraphBody, response: { 200: expandParagraphResponse } }, config: perUser(30) },
    async (request) => service.expandParagraph(deps, currentUser(request), request.body),
  );
  r.post(
    '/api/ai/expand-chapter',
    { schema: { body: expandChapterBody, response: { 200: expandChapterResponse } }, config: perUser(20) },
    async (request) => service.expandChapter(deps, currentUser(request), request.body),
  );
  r.post(
    '/api/ai/generate-section',
    { schema: { body: generateSectionBody, response: { 200: generateSectionResponse } }, config: perUser(20) },
    async (request) => service.generateSection(deps, currentUser(request), request.body),
  );
  r.post(
    '/api/ai/customize-structure',
    { schema: { body: customizeStructureBody, response: { 200: customizeStructureResponse } }, config: perUser(20) },
    async (request) => service.customizeStructure(deps, currentUser(request), request.body),
  );
  r.post(
    '/api/ai/add-section',
    { schema: { body: addSectionBody, response: { 200: addSectionResponse } }, config: perUser(60) },
    async (request) => service.addSectionToChapter(deps, currentUser(request), request.body),
  );
}
