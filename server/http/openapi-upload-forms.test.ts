import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { extractTextForm, generateOutlineForm, imageUploadForm, previewReferencesForm, type UploadForm } from '@common/upload-forms';
import { useHarness } from '../test/harness.support';
import type { JsonSchema } from './openapi-upload-forms';

const forms: Record<string, UploadForm> = {
  '/api/extract-text': extractTextForm,
  '/api/textbooks/preview-references': previewReferencesForm,
  '/api/textbooks/generate-outline': generateOutlineForm,
  '/api/images/upload': imageUploadForm,
};

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };

/** The JSON types a property of the document allows (its type, or those of its alternatives). */
function typesOf(schema: JsonSchema): string[] {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return alternatives ? alternatives.flatMap(typesOf) : [String(schema.type)];
}

/** Every value the document lists for a property (enum and const, through alternatives). */
function listedValues(schema: JsonSchema): unknown[] {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return alternatives.flatMap(listedValues);
  return [...((schema.enum as unknown[] | undefined) ?? []), ...('const' in schema ? [schema.const] : [])];
}

/** Whether the document allows only the values it lists (no free string among the alternatives). */
function isClosedList(schema: JsonSchema): boolean {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return alternatives ? alternatives.every(isClosedList) : 'enum' in schema || 'const' in schema;
}

function shapeOf(form: UploadForm): Record<string, z.ZodType> {
  return (form.fields as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
}

/** The fields the zod schema refuses to do without: those it names when the form has none. */
function requiredByZod(form: UploadForm): string[] {
  const parsed = form.fields.safeParse({});
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
}

describe('the upload forms in the API document', () => {
  const h = useHarness();
  const document = async () => (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;

  it('lists a multipart body only for the routes that read an upload form', async () => {
    const doc = await document();
    const multipart = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops).some((op) => op.requestBody?.content['multipart/form-data']))
      .map(([p]) => p);
    expect(multipart.sort()).toEqual(Object.keys(forms).sort());
  });

  for (const [route, form] of Object.entries(forms)) {
    it(`describes ${route} with the fields, types and required fields of its zod schema`, async () => {
      const body = (await document()).paths[route].post.requestBody!;
      const multipart = body.content['multipart/form-data'].schema;
      const shape = shapeOf(form);
      expect(Object.keys(multipart.properties ?? {}).sort()).toEqual([...Object.keys(shape), form.file.name].sort());
      // Text fields travel as strings; the file as bytes, one part or several.
      for (const name of Object.keys(shape)) expect(new Set(typesOf(multipart.properties![name]!)), name).toEqual(new Set(['string']));
      const file = multipart.properties![form.file.name]!;
      expect(form.file.multiple ? (file.items as JsonSchema) : file).toMatchObject({ type: 'string', format: 'binary' });
      expect(file.type).toBe(form.file.multiple ? 'array' : 'string');
      const required = [...requiredByZod(form), ...(form.file.missing ? [form.file.name] : [])];
      expect([...(multipart.required ?? [])].sort()).toEqual(required.sort());
      // Every listed value is one the route takes; a value outside the list is one it refuses.
      for (const [name, property] of Object.entries(multipart.properties ?? {})) {
        if (name === form.file.name) continue;
        const values = listedValues(property);
        for (const value of values) expect(shape[name]!.safeParse(value).success, `${name}: ${String(value)}`).toBe(true);
        if (isClosedList(property)) expect(shape[name]!.safeParse('surely-not-listed').success, name).toBe(false);
      }
      // A route that also takes a JSON body takes the same text fields there.
      const json = body.content['application/json']?.schema;
      if (form.json) expect(Object.keys(json?.properties ?? {}).sort()).toEqual(Object.keys(shape).sort());
      else expect(json).toBeUndefined();
    });
  }

  it("includes generate-outline's jobId, checked as the route checks it", async () => {
    const jobId = (await document()).paths['/api/textbooks/generate-outline'].post.requestBody!.content['multipart/form-data'].schema
      .properties!.jobId!;
    const pattern = new RegExp(String((jobId.anyOf as JsonSchema[]).find((s) => s.pattern)!.pattern));
    const field = shapeOf(generateOutlineForm).jobId!;
    for (const id of ['3f1c2a9e-77b0-4c1e-9a51-0d6e2b8c4f10', 'short', 'has spaces in it', 'a'.repeat(65)]) {
      expect(field.safeParse(id).success, id).toBe(pattern.test(id));
    }
  });
});
