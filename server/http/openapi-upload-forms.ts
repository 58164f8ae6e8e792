import { z } from 'zod';
import type { UploadForm } from '@common/upload-forms';

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  [keyword: string]: unknown;
}

/** The text fields of a form as a client sends them: the input side of its zod schema. */
export function formFieldsSchema(form: UploadForm): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(form.fields, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return schema;
}

/**
 * The request body of an upload route, generated from its form (common/upload-forms.ts): the text
 * fields from the zod schema the route parses them with, plus the file field; and the same text fields
 * as a JSON body where the route accepts one.
 */
export function uploadFormBody(form: UploadForm): { required: true; content: Record<string, { schema: JsonSchema }> } {
  const fields = formFieldsSchema(form);
  const file: JsonSchema = { type: 'string', format: 'binary' };
  const fileField: JsonSchema = form.file.multiple
    ? { type: 'array', items: file, description: form.file.description, ...(form.file.maxFiles ? { maxItems: form.file.maxFiles } : {}) }
    : { ...file, description: form.file.description };
  const required = [...(fields.required ?? []), ...(form.file.missing ? [form.file.name] : [])];
  const multipart: JsonSchema = {
    ...fields,
    properties: { ...fields.properties, [form.file.name]: fileField },
    ...(required.length ? { required } : {}),
  };
  return {
    required: true,
    content: {
      'multipart/form-data': { schema: multipart },
      ...(form.json ? { 'application/json': { schema: fields } } : {}),
    },
  };
}
