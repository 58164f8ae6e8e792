import type { z } from 'zod';
import { AppError } from '../core/app-error';

/**
 * A multipart request's text fields parsed with the route's zod schema, so services receive typed
 * values; the first problem is a 400 with its own message (as a JSON body's would be).
 */
export function parseFormFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? 'Invalid form fields');
  return parsed.data;
}
