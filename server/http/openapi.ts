import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedTextbookContent, textbookContentSchema } from '@common/textbook';
import { multipartRoutes, routeDocs } from './openapi-docs';

export const openApiPath = '/api/openapi.json';
export const apiDocsPrefix = '/api/docs';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Content in answers is typed as sent (storedTextbookContent passes it through untouched); the
 * reference describes it with the content model itself, as a client reads it.
 */
function describeStoredContent(): void {
  if (z.globalRegistry.has(storedTextbookContent)) return;
  const { $schema: _dialect, ...model } = z.toJSONSchema(textbookContentSchema, { io: 'input' });
  z.globalRegistry.add(storedTextbookContent, { description: 'The textbook content', ...model });
}

/** The route's own zod schemas, plus the documentation-only parts of openapi-docs.ts. */
function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { url, route } = input;
  const methods = [route.method].flat();
  // Only the API: static client files, the app page and the socket are not part of it.
  if (!url.startsWith('/api/') || url.startsWith(apiDocsPrefix)) return { schema: { ...input.schema, hide: true } as FastifySchema, url };
  const key = `${methods.find((m) => m !== 'HEAD')} ${url}`;
  const docs = routeDocs[key];
  const schema = { ...input.schema } as FastifySchema & Record<string, unknown>;
  if (docs?.body && !schema.body) schema.body = docs.body;
  if (docs?.response && !schema.response) schema.response = docs.response;
  if (docs?.description && !schema.description) schema.description = docs.description;
  if (multipartRoutes.has(key)) schema.consumes = ['multipart/form-data'];
  return jsonSchemaTransform({ ...input, schema });
}

/**
 * GET /api/openapi.json: the API described from the routes' zod schemas, and a browsable reference
 * at /api/docs (Swagger UI, served from our own origin, so the app's Content-Security-Policy holds).
 * Registered before the routes: the document is built from every route added afterwards.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  describeStoredContent();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Textbook Studio API',
        version: '1',
        description:
          'Every call except register, login, logout and the reader link (/api/shared/...) needs the session cookie that login and register set.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform,
  });
  app.get(openApiPath, { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: apiDocsPrefix,
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
    staticCSP: false,
  });
}
