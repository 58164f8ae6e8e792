import { z } from 'zod';
import { storedTextbookContent } from './textbook';

/** POST /api/ai/outline-assistant. textbookContent may be a JSON string or an object. */
export const outlineAssistantBody = z.object({
  message: z.string({ error: 'Please enter a message' }).max(20_000, 'The message is too long'),
  topic: z.string().max(1000).optional().default(''),
  textbookContent: z.unknown(),
  /** Optional: draw answers from this textbook's own sources. */
  textbookId: z.coerce.number().int().positive().optional(),
});
export type OutlineAssistantBody = z.infer<typeof outlineAssistantBody>;

export const outlineAssistantResponse = z.object({
  message: z.string(),
  updatedContent: storedTextbookContent.optional(),
});
export type OutlineAssistantResponse = z.infer<typeof outlineAssistantResponse>;
