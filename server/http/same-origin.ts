import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a request claims to come from, when the browser says: Origin, else Referer's origin. */
function claimedOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin.replace(/\/$/, '');
  if (origin === 'null') return 'null';
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/** The host of an origin, or null when the header is not one (an unparseable Origin is refused like a foreign one, never a 500). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * State-changing API requests must come from the app's own pages (or a configured origin): a
 * browser names the page's origin (Origin, Sec-Fetch-Site), and a form or script on another site
 * that posts with the user's cookie is refused. API clients that name no origin are not browsers
 * carrying someone's cookie across sites, and pass.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
    const origin = claimedOrigin(request);
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin === own || allowedOrigins.includes(origin)) return;
    // Behind a proxy that terminates TLS the scheme may differ; the host must still be ours.
    if (origin !== 'null' && hostOf(origin) === request.headers.host) return;
    throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
  });
}
