import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';

/** Every plain field a client sends is bounded: each string has a length limit and each list a count limit. */
const h = useHarness();

type Schema = {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  $ref?: string;
};

function unbounded(schema: Schema | undefined, at: string, out: string[], defs: Record<string, Schema>, seen = new Set<string>()): void {
  if (!schema || typeof schema !== 'object') return;
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    if (seen.has(name)) return;
    return unbounded(defs[name], at, out, defs, new Set([...seen, name]));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const s of schema[key] ?? []) unbounded(s, at, out, defs, seen);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const plain = schema.enum === undefined && schema.const === undefined && schema.format !== 'binary';
  if (types.includes('string') && schema.maxLength === undefined && plain) out.push(`${at}: string without maxLength`);
  if (types.includes('array')) {
    if (schema.maxItems === undefined) out.push(`${at}: list without maxItems`);
    unbounded(schema.items, `${at}[]`, out, defs, seen);
  }
  for (const [name, s] of Object.entries(schema.properties ?? {})) unbounded(s, `${at}.${name}`, out, defs, seen);
  if (typeof schema.additionalProperties === 'object') unbounded(schema.additionalProperties, `${at}.*`, out, defs, seen);
}

describe('request fields', () => {
  it('are all bounded in length or count', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const defs: Record<string, Schema> = doc.components?.schemas ?? {};
    const found: string[] = [];
    for (const [path, ops] of Object.entries<
      Record<string, { parameters?: unknown[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
    >(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Path and query parameters ride in the URL, which Node's HTTP parser holds to 16 KB with the headers.
        for (const [type, c] of Object.entries(op.requestBody?.content ?? {}))
          unbounded(c.schema, `${method.toUpperCase()} ${path} body(${type})`, found, defs);
      }
    }
    expect(found).toEqual([]);
  });

  it('refuses an over-long reference field, chapter title or collaborator id with 400', async () => {
    const user = await h.createUser('bounds');
    const headers = { cookie: user.cookie };
    const longTitle = 'x'.repeat(100_000);
    const section = await h.app.inject({
      method: 'POST',
      url: '/api/ai/generate-section',
      headers,
      payload: { textbookId: 1, chapterIndex: 0, sectionTitle: 'S', references: [{ title: longTitle }] },
    });
    expect(section.statusCode).toBe(400);
    expect(section.json().message).toMatch(/reference field is at most 2000 characters/);
    const extract = await h.app.inject({
      method: 'POST',
      url: '/api/extract-text',
      headers,
      payload: { directMethod: 'true', directContent: 'Some pasted text about rivers.', chapterTitle: longTitle },
    });
    expect(extract.statusCode).toBe(400);
    expect(extract.json().message).toMatch(/chapter title must be at most 500 characters/);
    const add = await h.app.inject({
      method: 'POST',
      url: '/api/textbooks/1/collaborators',
      headers,
      payload: { collaboratorId: '1'.repeat(5000) },
    });
    expect(add.statusCode).toBe(400);
  });
});
