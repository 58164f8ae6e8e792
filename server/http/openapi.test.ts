import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.support';

// The API table the client depends on: method and path, in OpenAPI's {param} form.
const apiTable = [
  'get /api/user',
  'post /api/login',
  'post /api/register',
  'post /api/logout',
  'post /api/extract-text',
  'post /api/textbooks/preview-references',
  'post /api/textbooks/generate-outline',
  'post /api/ai/outline-assistant',
  'get /api/textbooks',
  'get /api/textbooks/{id}',
  'delete /api/textbooks/{id}',
  'patch /api/textbooks/{id}',
  'post /api/ai/expand-paragraph',
  'post /api/ai/expand-chapter',
  'post /api/ai/generate-section',
  'post /api/ai/customize-structure',
  'post /api/ai/add-section',
  'post /api/images/upload',
  'get /api/textbooks/{id}/versions',
  'get /api/textbooks/{id}/versions/{versionId}',
  'post /api/textbooks/{id}/versions/{versionId}/restore',
  'get /api/textbooks/{id}/collaborators',
  'post /api/textbooks/{id}/collaborators',
  'delete /api/textbooks/{id}/collaborators/{userId}',
  'get /api/users/search',
];

interface Operation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

describe('GET /api/openapi.json', () => {
  const h = useHarness();

  it('is public and lists every call of the API table with a response schema', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const entry of apiTable) {
      const [method, path] = entry.split(' ');
      const op = doc.paths[path]?.[method];
      expect(op, `${entry} is missing`).toBeDefined();
      const success = Object.keys(op.responses).find((code) => code.startsWith('2'));
      expect(success, `${entry} has no success response`).toBeDefined();
      expect(op.responses[success!].content?.['application/json']?.schema, `${entry} has no response schema`).toBeDefined();
    }
    // Only the API: no client files, no app page.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('declares a success response with a schema for every path and method it lists', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    // The whole API, not only the table above: trash, share, sources, exports, images, health.
    expect(operations.length).toBeGreaterThanOrEqual(40);
    const missing = operations.filter(({ op }) => {
      const success = Object.keys(op.responses ?? {}).find((code) => code.startsWith('2'));
      const content = success ? op.responses[success].content : undefined;
      return !content || !Object.values(content).some((c) => c.schema !== undefined);
    });
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    // Content in answers is described with the content model, though it is sent untouched.
    const restored = doc.paths['/api/textbooks/{id}/restore'].post.responses['200'].content!['application/json'].schema as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
    };
    expect(Object.keys(restored.properties.content.properties ?? {})).toEqual(expect.arrayContaining(['title', 'chapters', 'references']));
    // The save path's refusal is documented with the body the client reads.
    const conflict = doc.paths['/api/textbooks/{id}'].patch.responses['409'].content!['application/json'].schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(conflict.properties)).toEqual(expect.arrayContaining(['message', 'code', 'content', 'revision', 'conflicts']));
  });

  it('describes requests from the zod schemas: JSON bodies, multipart fields, path and query parameters', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const login = doc.paths['/api/login'].post.requestBody!.content['application/json'].schema;
    expect(Object.keys(login.properties ?? {})).toEqual(expect.arrayContaining(['username', 'password']));
    const extract = doc.paths['/api/extract-text'].post.requestBody!.content['multipart/form-data'].schema;
    expect(Object.keys(extract.properties ?? {})).toEqual(expect.arrayContaining(['files', 'directContent', 'directMethod']));
    expect(doc.paths['/api/textbooks/{id}/versions/{versionId}'].get.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:id', 'path:versionId']),
    );
    expect(doc.paths['/api/users/search'].get.parameters?.map((p) => `${p.in}:${p.name}`)).toContain('query:q');
  });

  it('serves the reference page at /api/docs from our own origin under the app CSP', async () => {
    let res = await h.app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400)
      res = await h.app.inject({ method: 'GET', url: String(res.headers.location).replace(/^\.\//, '/api/docs/') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const init = await h.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("resolveUrl('./json')");
    const shown = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(shown.statusCode).toBe(200);
    expect(Object.keys(shown.json().paths)).toContain('/api/textbooks/{id}/versions/{versionId}/restore');
  });
});
