import type { FastifyRequest } from 'fastify';

/**
 * What the request log says about a request, with secrets in its path cut out: a share link's
 * token is a password to the book (the database keeps only its hash), and the log must not keep
 * it in plain text where the database does not.
 */
const secretPaths: Array<[RegExp, string]> = [
  [/^(\/api\/shared\/)[^/?#]+/, '$1[token]'],
  [/^(\/read\/)[^/?#]+/, '$1[token]'],
];

export function redactUrl(url: string): string {
  for (const [pattern, replacement] of secretPaths) if (pattern.test(url)) return url.replace(pattern, replacement);
  return url;
}

/** Fastify's own request fields, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
