import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdShareLink,
  createShareBody,
  revokedShareLink,
  sharedImageParams,
  shareLinkStatus,
  shareTokenParams,
  updateShareBody,
} from '@common/share';
import { textbookIdParams } from '@common/textbooks-api';
import type { AppDeps } from '@server/features/app-deps';
import { anonymousContext, requestContext } from '@server/features/request-context';
import { imageExtensions, type ImageMime } from '../images/image-type';
import { createShareLink, getSharedBook, getSharedImage, getShareLink, revokeShareLink, updateShareLink } from './share.service';

/** Where the request was addressed, so the link works from wherever the owner reached the app (proxies included). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Per address: anyone may call these without an account. A class behind one school address opening
 * the book together stays far below; images are counted apart, as a chapter may hold many.
 */
const publicRead = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '1 minute' } });

/**
 * The reader link: the owner manages it under /api/textbooks/{id}/share; the token opens the book
 * read-only under /api/shared/{token}, with GET routes only (nothing there can write).
 */
export function registerShareRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/textbooks/:id/share', { schema: { params: textbookIdParams, response: { 200: shareLinkStatus } } }, async (request) =>
    getShareLink(requestContext(deps, request), request.params.id),
  );

  r.post(
    '/api/textbooks/:id/share',
    { schema: { params: textbookIdParams, body: createShareBody, response: { 201: createdShareLink } } },
    async (request, reply) => {
      const created = await createShareLink(requestContext(deps, request), request.params.id, request.body, originOf(request));
      return reply.status(201).header('Cache-Control', 'no-store').send(created);
    },
  );

  r.patch(
    '/api/textbooks/:id/share',
    { schema: { params: textbookIdParams, body: updateShareBody, response: { 200: shareLinkStatus } } },
    async (request) => updateShareLink(requestContext(deps, request), request.params.id, request.body),
  );

  r.delete('/api/textbooks/:id/share', { schema: { params: textbookIdParams, response: { 200: revokedShareLink } } }, async (request) =>
    revokeShareLink(requestContext(deps, request), request.params.id),
  );

  r.get('/api/shared/:token', { schema: { params: shareTokenParams }, config: publicRead(120) }, async (request, reply) => {
    const book = await getSharedBook(anonymousContext(deps, request), request.params.token);
    // Never kept by a browser or proxy: after a revoke nothing may still answer with the book.
    return reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').type('application/json; charset=utf-8').send(book);
  });

  r.get(
    '/api/shared/:token/images/:imageId',
    { schema: { params: sharedImageParams }, config: publicRead(1200) },
    async (request, reply) => {
      const { token, imageId } = request.params;
      const image = await getSharedImage(anonymousContext(deps, request), token, imageId, request.headers['if-none-match']);
      // Kept, but asked about every time ("no-cache"): a revoked link's images stop at once, unchanged ones cost a 304.
      reply
        .header('Cache-Control', 'private, no-cache')
        .header('ETag', image.etag)
        .header('X-Robots-Tag', 'noindex')
        .header('Content-Disposition', `inline; filename="image-${image.id}.${imageExtensions[image.mime as ImageMime] ?? 'bin'}"`);
      if (!image.bytes) return reply.status(304).send();
      return reply.type(image.mime).send(image.bytes);
    },
  );
}
