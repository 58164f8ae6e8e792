import { z } from 'zod';
import { progressSteps } from './limits';
import { referenceInputSchema, storedTextbookContent, type Reference } from './textbook';

/**
 * POST /api/textbooks/generate-outline and its progress:
 * the client makes a jobId, sends it as a multipart field, and polls
 * GET /api/generation-jobs/{jobId} while the generation runs.
 */
export const generationJobStatus = z.enum(['running', 'done', 'failed']);
export type GenerationJobStatus = z.infer<typeof generationJobStatus>;

/** A client-made id: crypto.randomUUID() or any short token of safe characters. */
export const generationJobId = z
  .string()
  .max(64, 'Invalid job id')
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid job id');

export const generationJobResponse = z.object({
  jobId: z.string(),
  status: generationJobStatus,
  /** Index into progressSteps (0..5). */
  stage: z
    .number()
    .int()
    .min(0)
    .max(progressSteps.length - 1),
  /** Progress within the stage, 0..100. */
  percent: z.number().int().min(0).max(100),
  message: z.string().optional(),
  textbookId: z.number().int().optional(),
});
export type GenerationJobResponse = z.infer<typeof generationJobResponse>;

/** A job whose instance stopped while reading the files: the client may send the same generation again (same job id). */
export const lostWhileReadingMessage = 'The server stopped while reading your files. Please try again.';

export const generationJobParams = z.object({ jobId: z.string().min(1).max(128) });

/** The approved references field: a JSON array of references (empty is fine). */
export const approvedReferencesField = z.array(referenceInputSchema).max(1000, 'At most 1,000 approved references');

/**
 * The multipart `approvedReferences` field: a JSON array of
 * references. Missing or empty means none (the server then generates from
 * the material alone, docs/decisions.md); anything that is not valid JSON or not a list
 * of references is refused. Each kept reference gets a citation key R1, R2...
 */
export function parseApprovedReferences(raw: string | undefined): { ok: true; references: Reference[] } | { ok: false; message: string } {
  if (raw === undefined || raw.trim() === '') return { ok: true, references: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'Invalid approved references: not valid JSON' };
  }
  if (value === null) return { ok: true, references: [] };
  const parsed = approvedReferencesField.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path?.length ? ` at ${issue.path.join('.')}` : '';
    return {
      ok: false,
      message: `Invalid approved references${where}: ${Array.isArray(value) ? (issue?.message ?? 'not a reference') : 'expected a list of references'}`,
    };
  }
  const references = parsed.data.filter((r) => r.title.trim());
  if (references.length !== parsed.data.length) return { ok: false, message: 'Invalid approved references: every reference needs a title' };
  return { ok: true, references: references.map((r, i) => ({ ...r, approved: true, key: `R${i + 1}` })) };
}

export const generateOutlineResponse = z.object({
  textbookContent: storedTextbookContent,
  extractedText: z.string(),
  textbookId: z.number().int(),
  /** Present when the offline engine had only a topic: says plainly how to get full text. */
  notice: z.string().optional(),
});
export type GenerateOutlineResponse = z.infer<typeof generateOutlineResponse>;
