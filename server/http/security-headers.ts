import type { FastifyInstance } from 'fastify';

// Only our own scripts; inline style attributes are needed by KaTeX and the editor's image sizing.
const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Powerful features the app never uses, switched off for its pages and anything they embed (only features Chromium
 * knows: an unknown one, such as bluetooth, is a console warning on every page). */
const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/** A year; the header is sent only over HTTPS (browsers ignore it over HTTP, and a plain-HTTP install must stay reachable). */
const hsts = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // request.protocol is https only when this server terminates TLS or a trusted proxy says so (TRUST_PROXY).
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', hsts);
    reply.header('Permissions-Policy', permissionsPolicy);
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    return payload;
  });
}
