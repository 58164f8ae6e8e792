import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { limits } from '@common/limits';
import { AppError } from '../core/app-error';
import type { SharedCounters } from '../core/shared-counters';

/**
 * Body limits and rate limits per route, in one table (docs/product.md, "Rules, limits and
 * messages"). Bodies: 16 KB for sign-in and registration, 20 MB where a whole book travels (the
 * save, the AI tools, the outline assistant, typed material), 1 MB for everything else (the
 * server's default). Rates: per client address for the public routes (register, login), per
 * signed-in user for the rest (authentication runs before the limiter), so a user behind a shared
 * address is not limited by the others and one user's many addresses count as one.
 */
interface RouteRule {
  method: string;
  /** A route URL as registered, or a prefix ending in '*'. */
  url: string;
  bodyLimit?: number;
  /** Requests per window; multiplied by RATE_LIMIT_FACTOR. */
  rate?: { max: number; window: string; per: 'address' | 'user' };
}

const book = limits.jsonBodyMaxBytes;

export const routeRules: RouteRule[] = [
  { method: 'POST', url: '/api/register', bodyLimit: limits.authBodyMaxBytes, rate: { max: 60, window: '1 hour', per: 'address' } },
  { method: 'POST', url: '/api/login', bodyLimit: limits.authBodyMaxBytes, rate: { max: 30, window: '1 minute', per: 'address' } },
  { method: 'GET', url: '/api/users/search', rate: { max: 60, window: '1 minute', per: 'user' } },
  { method: 'PATCH', url: '/api/textbooks/:id', bodyLimit: book },
  { method: 'POST', url: '/api/extract-text', bodyLimit: book, rate: { max: 60, window: '1 minute', per: 'user' } },
  { method: 'POST', url: '/api/textbooks/preview-references', bodyLimit: book, rate: { max: 30, window: '1 minute', per: 'user' } },
  { method: 'POST', url: '/api/textbooks/generate-outline', bodyLimit: book, rate: { max: 10, window: '1 minute', per: 'user' } },
  { method: 'POST', url: '/api/ai/outline-assistant', bodyLimit: book, rate: { max: 30, window: '1 minute', per: 'user' } },
  { method: 'POST', url: '/api/ai/expand-paragraph', bodyLimit: book, rate: { max: 30, window: '1 minute', per: 'user' } },
  { method: 'POST', url: '/api/ai/add-section', bodyLimit: book, rate: { max: 60, window: '1 minute', per: 'user' } },
  { method: 'POST', url: '/api/ai/*', bodyLimit: book, rate: { max: 20, window: '1 minute', per: 'user' } },
  { method: 'POST', url: '/api/textbooks/:id/materials', bodyLimit: book, rate: { max: 20, window: '1 minute', per: 'user' } },
  // Both match or draw on every call (nothing is stored): the Sources panel asks once per chapter and page shown.
  { method: 'GET', url: '/api/textbooks/:id/provenance', rate: { max: 60, window: '1 minute', per: 'user' } },
  { method: 'GET', url: '/api/textbooks/:id/sources/:documentId/page/:n', rate: { max: 60, window: '1 minute', per: 'user' } },
];

function ruleFor(method: string, url: string): RouteRule | undefined {
  return routeRules.find((r) => r.method === method && (r.url.endsWith('*') ? url.startsWith(r.url.slice(0, -1)) : r.url === url));
}

function keyFor(per: 'address' | 'user') {
  return (request: FastifyRequest) => (per === 'user' && request.user ? `user:${request.user.id}` : `address:${request.ip}`);
}

/**
 * Applies the table as routes are registered. Must be registered before @fastify/rate-limit, whose
 * own onRoute hook reads the rate limit this one sets.
 */
export function registerRouteLimits(app: FastifyInstance, rateLimitFactor: number): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rule = methods.map((m) => ruleFor(m, route.url)).find(Boolean);
    if (!rule) return;
    if (rule.bodyLimit && route.bodyLimit === undefined) route.bodyLimit = rule.bodyLimit;
    if (rule.rate && route.config?.rateLimit === undefined) {
      route.config = {
        ...route.config,
        rateLimit: {
          max: Math.max(1, Math.round(rule.rate.max * rateLimitFactor)),
          timeWindow: rule.rate.window,
          keyGenerator: keyFor(rule.rate.per),
        },
      };
    }
  });
}

/** What a caller over a rate limit reads (429, with Retry-After from the limiter). */
export function rateLimitError(_request: FastifyRequest, context: { after: string }): AppError {
  return new AppError('RATE_LIMITED', `Too many requests. Please wait ${context.after} and try again.`);
}

interface StoreResult {
  current: number;
  ttl: number;
}
type StoreCallback = (err: Error | null, result?: StoreResult) => void;

/**
 * A store for @fastify/rate-limit that counts in the shared counters (Redis across instances
 * when REDIS_URL is set, else this instance's memory), one count per route and key.
 */
export function sharedRateLimitStore(counters: SharedCounters) {
  return class SharedRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly prefix = 'rate:',
    ) {}

    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: object) {
      // The plugin hands each route's options with its method and URL (`routeInfo`).
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string; url?: string } };
      return new SharedRateLimitStore(undefined, `${this.prefix}${routeInfo?.method ?? ''}${routeInfo?.url ?? ''}:`);
    }
  };
}
