import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@common/errors';

/**
 * Serves the built client. Every path outside /api and /ws gets the app page so
 * deep links and the not-found card survive a reload; unknown /api paths get JSON.
 */
export async function registerSpa(app: FastifyInstance, clientDist: string): Promise<void> {
  const indexFile = path.join(clientDist, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDist, wildcard: false, index: false, maxAge: '1h' });
  }
  const indexHtml = hasClient ? readFileSync(indexFile, 'utf8') : undefined;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/') || url === '/ws' || url.startsWith('/ws/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (indexHtml) return reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
      return reply.status(503).type('text/plain').send('The client is not built. Run `npm run build`.');
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${url}`, code: 'NOT_FOUND' } satisfies ErrorBody);
  });
}
