import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * The response serializer: each route's zod response schema shapes its answer (unknown keys
 * are stripped, a mismatch is a 500). With `reportDropped` (the tests) a key the schema would
 * strip is a 500 too, naming it: a schema that forgot a field the service returns would
 * otherwise silently remove it from the public API.
 */
export function responseSerializer({ reportDropped }: { reportDropped: boolean }): FastifySerializerCompiler<unknown> {
  if (!reportDropped) return serializerCompiler as FastifySerializerCompiler<unknown>;
  return ({ schema, method, url }) => {
    const zodSchema = schema instanceof $ZodType ? schema : (schema as { properties?: unknown }).properties;
    if (!(zodSchema instanceof $ZodType))
      return (serializerCompiler as FastifySerializerCompiler<unknown>)({ schema, method, url } as never);
    return (data: unknown) => {
      const result = safeEncode(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      const json = JSON.stringify(result.data);
      const dropped = droppedPaths(JSON.parse(JSON.stringify(data)) as unknown, JSON.parse(json) as unknown, '');
      if (dropped.length) {
        throw new ResponseSerializationError(method, url, {
          cause: new z.ZodError([
            { code: 'custom', path: [], input: undefined, message: `The response schema drops ${dropped.slice(0, 5).join(', ')}` },
          ]),
        });
      }
      return json;
    };
  };
}

/** Paths present in `sent` (as JSON) and missing from `kept`. */
function droppedPaths(sent: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(kept)) return [];
    return sent.flatMap((item, i) => droppedPaths(item, kept[i], `${path}[${i}]`));
  }
  if (typeof sent !== 'object' || sent === null || typeof kept !== 'object' || kept === null) return [];
  const k = kept as Record<string, unknown>;
  return Object.entries(sent).flatMap(([key, value]) => (key in k ? droppedPaths(value, k[key], `${path}.${key}`) : [`${path}.${key}`]));
}
