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

/**
 * The llm outline assistant answers with a message and, for structural
 * requests, the operations to apply (numbers are 1-based and refer to the
 * outline as it stands after the operations before them). The server applies
 * them with the same operations as the offline assistant, so ids are kept and
 * merged or split text is never lost.
 */
export const llmOutlineOperation = z.discriminatedUnion('op', [
  z.object({ op: z.literal('addChapter'), title: z.string(), position: z.number().int().nullish() }),
  z.object({ op: z.literal('removeChapter'), chapter: z.number().int() }),
  z.object({ op: z.literal('renameChapter'), chapter: z.number().int(), title: z.string() }),
  z.object({ op: z.literal('moveChapter'), chapter: z.number().int(), position: z.number().int() }),
  z.object({ op: z.literal('splitChapter'), chapter: z.number().int(), parts: z.number().int().min(2).max(10) }),
  z.object({ op: z.literal('mergeChapters'), first: z.number().int(), second: z.number().int() }),
  z.object({ op: z.literal('resizeChapters'), count: z.number().int().min(1).max(100) }),
  z.object({ op: z.literal('addSection'), chapter: z.number().int(), title: z.string(), paragraphs: z.array(z.string()).nullish() }),
  z.object({ op: z.literal('removeSection'), chapter: z.number().int(), section: z.number().int() }),
  z.object({ op: z.literal('renameSection'), chapter: z.number().int(), section: z.number().int(), title: z.string() }),
  z.object({
    op: z.literal('moveSection'),
    chapter: z.number().int(),
    section: z.number().int(),
    toChapter: z.number().int(),
    position: z.number().int().nullish(),
  }),
  z.object({ op: z.literal('splitSection'), chapter: z.number().int(), section: z.number().int(), parts: z.number().int().min(2).max(10) }),
  z.object({ op: z.literal('mergeSections'), chapter: z.number().int(), first: z.number().int(), second: z.number().int() }),
]);
export type LlmOutlineOperation = z.infer<typeof llmOutlineOperation>;

export const llmAssistantReply = z.object({
  message: z.string().describe('The reply shown to the user'),
  operations: z.array(llmOutlineOperation).describe('Structural changes to apply; empty for questions or requests you cannot do'),
});
export type LlmAssistantReply = z.infer<typeof llmAssistantReply>;
