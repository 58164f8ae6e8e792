import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageUploadResponse } from '@common/images';
import { imageUploadForm } from '@common/upload-forms';
import { numericId } from '@common/textbooks-api';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { readUploadForm } from '@server/http/multipart-reader';
import { imageUploadBounds } from '@server/http/upload-bounds';
import { imageExtensions, type ImageMime } from './image-type';
import { getImage, uploadImage } from './images.service';

const imageParams = z.object({ id: numericId('Image id') });

export function registerImageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/images/upload',
    { schema: { response: { 200: imageUploadResponse } }, config: { uploadForm: imageUploadForm } },
    async (request, reply) => {
      const ctx = requestContext(deps, request);
      const { files, fields } = await readUploadForm(request, imageUploadForm, imageUploadBounds);
      const stored = await uploadImage(ctx, fields.textbookId, files[0]!);
      return reply.send(stored);
    },
  );

  r.get('/api/images/:id', { schema: { params: imageParams } }, async (request, reply) => {
    const image = await getImage(requestContext(deps, request), request.params.id);
    const etag = `"${image.sha256}"`;
    // An id's bytes never change, so browsers may keep them; "private" because access depends on the user.
    reply
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `inline; filename="image-${request.params.id}.${imageExtensions[image.mime as ImageMime] ?? 'bin'}"`);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(image.mime).send(image.bytes);
  });
}
