import type { z } from 'zod';

/**
 * What one task asks a language model: the schema its answer must match (schemas.ts) and the
 * words of the request. One file per task in this folder builds it from the task's inputs, so a
 * prompt is read and changed in one place, beside the schema it asks for.
 */
export interface TaskPrompt<S extends z.ZodType> {
  schema: S;
  system: string;
  prompt: string;
}
