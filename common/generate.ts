import { z } from 'zod';
import { progressSteps } from './limits';
import { referenceSchema, textbookContentSchema } from './textbook';

/**
 * POST /api/textbooks/generate-outline (spec 7) and its progress (contract B):
 * the client makes a jobId, sends it as a multipart field, and polls
 * GET /api/generation-jobs/{jobId} while the generation runs.
 */
export const generationJobStatus = z.enum(['running', 'done', 'failed']);
export type GenerationJobStatus = z.infer<typeof generationJobStatus>;

/** A client-made id: crypto.randomUUID() or any short token of safe characters. */
export const generationJobId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid job id');

export const generationJobResponse = z.object({
  jobId: z.string(),
  status: generationJobStatus,
  /** Index into progressSteps (0..5). */
  stage: z.number().int().min(0).max(progressSteps.length - 1),
  /** Progress within the stage, 0..100. */
  percent: z.number().int().min(0).max(100),
  message: z.string().optional(),
  textbookId: z.number().int().optional(),
});
export type GenerationJobResponse = z.infer<typeof generationJobResponse>;

export const generationJobParams = z.object({ jobId: z.string().min(1).max(128) });

/** The approved references field: a JSON array of references (empty is fine). */
export const approvedReferencesField = z.array(referenceSchema);

export const generateOutlineResponse = z.object({
  textbookContent: textbookContentSchema,
  extractedText: z.string(),
  textbookId: z.number().int(),
  /** Present when the offline engine had only a topic: says plainly how to get full text. */
  notice: z.string().optional(),
});
export type GenerateOutlineResponse = z.infer<typeof generateOutlineResponse>;
