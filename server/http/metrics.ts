import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../core/app-error';

/** A value read when metrics are scraped: a queue's depth, open sockets. */
export interface MetricSource {
  name: string;
  help: string;
  read: () => number;
}

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/metrics in Prometheus' text format (prom-client): request durations by route (the
 * route's pattern, never the raw path), Node's event-loop delay, memory and CPU, and the sources
 * given (extraction queue, sockets). Readable only with `Authorization: Bearer $METRICS_TOKEN`;
 * without METRICS_TOKEN the route does not exist (404), so nothing about the instance leaks by
 * default, whatever proxy stands in front.
 */
export function registerMetrics(app: FastifyInstance, options: { token?: string; sources: MetricSource[] }): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'textbook_studio_' });
  const durations = new Histogram({
    name: 'textbook_studio_http_request_duration_seconds',
    help: 'HTTP request durations by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  for (const source of options.sources) {
    new Gauge({
      name: `textbook_studio_${source.name}`,
      help: source.help,
      registers: [registry],
      collect() {
        this.set(source.read());
      },
    });
  }
  app.addHook('onResponse', async (request, reply) => {
    durations.observe(
      { method: request.method, route: request.routeOptions.url ?? '(no route)', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const token = options.token;
  if (!token) return;
  app.get('/api/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request, token)) throw AppError.unauthorized('A valid metrics token is required.');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
