import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '@common/errors';
import { storedTextbookContent, textbookContentSchema } from '@common/textbook';
import type { UploadForm } from '@common/upload-forms';
import { routeDocs } from './openapi-docs';
import { operationSummaries } from './openapi-summaries';
import { uploadFormBody } from './openapi-upload-forms';
import { routeRules } from './route-limits';
import { sessionCookieName } from './session-cookie';

export const openApiPath = '/api/openapi.json';
export const apiDocsPrefix = '/api/docs';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** What the document needs to know of a route beyond its schema. */
interface RouteFacts {
  isPublic: boolean;
  uploadForm?: UploadForm;
  rateLimited: boolean;
}

interface Operation {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/** `/api/textbooks/:id` as the document writes it: `/api/textbooks/{id}`. */
export function documentPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

/** A stable operation id from method and path: GET /api/textbooks/{id}/versions is getTextbooksByIdVersions. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const word = param ? `by-${param[1]}` : segment;
      return word.replace(/(^|[-_])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());
    });
  return method.toLowerCase() + words.join('');
}

function isRateLimited(method: string, url: string): boolean {
  return routeRules.some(
    (rule) => rule.rate && rule.method === method && (rule.url.endsWith('*') ? url.startsWith(rule.url.slice(0, -1)) : rule.url === url),
  );
}

/**
 * Content in answers is typed as sent (storedTextbookContent passes it through untouched); the
 * reference describes it with the content model itself, as a client reads it.
 */
function describeStoredContent(): void {
  if (z.globalRegistry.has(storedTextbookContent)) return;
  const { $schema: _dialect, ...model } = z.toJSONSchema(textbookContentSchema, { io: 'input' });
  z.globalRegistry.add(storedTextbookContent, { description: 'The textbook content', ...model });
}

const { $schema: _dialect, ...errorSchema } = z.toJSONSchema(
  z.object({ message: z.string().describe('For the user, in plain words'), code: z.enum(errorCodes) }),
);
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The refusals every route of a kind may answer, added where the route's schema does not name them. */
function addErrorResponses(op: Operation, method: string, path: string, facts: RouteFacts | undefined): void {
  const responses = (op.responses ??= {});
  const add = (status: string, description: string) => {
    if (!responses[status]) responses[status] = errorResponse(description);
  };
  const takesInput = Boolean(op.requestBody) || (op.parameters?.length ?? 0) > 0;
  if (takesInput) add('400', 'The request is not valid: the message says which field and why');
  if (!facts?.isPublic) add('401', 'Not signed in, or the session has ended');
  // server/http/same-origin.ts: a state change from another site's page is refused.
  if (method !== 'get') add('403', 'Refused: a request from another site (Origin or Sec-Fetch-Site), or a change this user may not make');
  if (path.includes('{')) add('404', 'Not found, or not visible to this user');
  if (op.requestBody) add('413', 'The body (or a file or field of it) is larger than its limit: the message says which');
  if (facts?.rateLimited) add('429', 'Too many requests: wait and try again');
}

/**
 * GET /api/openapi.json: the API described from the routes' zod schemas, and a browsable reference
 * at /api/docs (Swagger UI, served from our own origin, so the app's Content-Security-Policy holds).
 * Registered before the routes: the document is built from every route added afterwards.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  describeStoredContent();
  const facts = new Map<string, RouteFacts>();

  /** The route's own zod schemas, plus the documentation-only parts of openapi-docs.ts. */
  function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
    const { url, route } = input;
    const methods = [route.method].flat();
    // Only the API: static client files, the app page and the socket are not part of it.
    if (!url.startsWith('/api/') || url.startsWith(apiDocsPrefix)) return { schema: { ...input.schema, hide: true } as FastifySchema, url };
    const method = methods.find((m) => m !== 'HEAD') ?? 'GET';
    const key = `${method} ${url}`;
    facts.set(`${method} ${documentPath(url)}`, {
      isPublic: route.config?.public === true,
      uploadForm: route.config?.uploadForm,
      rateLimited: isRateLimited(method, url),
    });
    const docs = routeDocs[key];
    const schema = { ...input.schema } as FastifySchema & Record<string, unknown>;
    if (docs?.response && !schema.response) schema.response = docs.response;
    if (docs?.description && !schema.description) schema.description = docs.description;
    return jsonSchemaTransform({ ...input, schema });
  }

  /** What applies to every operation: its title and id, who may call it, its upload form and refusals. */
  function completeDocument(document: { openapiObject: Record<string, unknown> }) {
    const doc = document.openapiObject as { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };
    for (const [path, operations] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${path}`;
        const route = facts.get(key);
        op.summary ??= operationSummaries[key] ?? key;
        op.operationId ??= operationId(method, path);
        op.security = route?.isPublic ? [] : [{ session: [] }];
        if (route?.uploadForm) op.requestBody = uploadFormBody(route.uploadForm);
        addErrorResponses(op, method, path, route);
      }
    }
    const components = (doc.components ??= {}) as { schemas?: Record<string, unknown> };
    components.schemas = { ...components.schemas, Error: errorSchema };
    return doc;
  }

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Textbook Studio API',
        version: '1',
        description:
          'Every call except register, login, logout, health and the reader link (/api/shared/...) needs the session cookie that login and register set.',
      },
      // The document describes the instance that serves it.
      servers: [{ url: '/', description: 'This instance' }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookieName } } },
    },
    transform,
    transformObject: completeDocument as never,
  });
  app.get(openApiPath, { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: apiDocsPrefix,
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
    staticCSP: false,
  });
}
