import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@common/errors';
import { pagePreloads } from './page-preloads';

/** Vite names every built asset under /assets/ by its content hash: a new build means new names. */
const hashedAsset = /^\/assets\//;
/** A request for a file (a name with an extension, or anything under /assets/), not a page of the app. */
const fileRequest = /^\/assets\/|\/[^/]*\.[A-Za-z0-9]{1,8}$/;

/** Cache-Control of a static file: hashed assets never change; the rest (favicon, robots.txt) for an hour. */
export function staticCacheControl(urlPath: string): string {
  return hashedAsset.test(urlPath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/**
 * Serves the built client. Files come precompressed (brotli or gzip, whichever the browser accepts; written at
 * build time by scripts/vite-static-assets.ts), hashed assets cached for a year. Every other path outside /api
 * and /ws gets the app page so deep links and the not-found card survive a reload; an unknown file
 * (`/missing.js`, `/assets/old.css`) gets 404, not the app page; unknown /api paths get JSON.
 */
export async function registerSpa(app: FastifyInstance, clientDist: string): Promise<void> {
  const indexFile = path.join(clientDist, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are served in place of their file, never under their own names.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('Cache-Control', staticCacheControl(reply.request.url.split('?')[0]));
      },
    });
  }
  const indexHtml = hasClient ? readFileSync(indexFile, 'utf8') : undefined;
  // The page's route chunk and first API answers, asked for by the app page itself (server/http/page-preloads.ts).
  const preloadsFor = pagePreloads(clientDist);
  const pageHtml = (url: string) => {
    const links = indexHtml ? preloadsFor(url) : '';
    return links ? indexHtml!.replace('</head>', `${links}</head>`) : indexHtml;
  };

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/') || url === '/ws' || url.startsWith('/ws/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (fileRequest.test(url))
        return reply.status(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send('Not found');
      if (indexHtml) return reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(pageHtml(url));
      return reply.status(503).type('text/plain').send('The client is not built. Run `npm run build`.');
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${url}`, code: 'NOT_FOUND' } satisfies ErrorBody);
  });
}
