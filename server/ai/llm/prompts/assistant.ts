import { llmAssistantReply } from '../schemas';
import type { TaskPrompt } from './task-prompt';

/** The outline assistant: a reply to the user's message, with the structural operations it asks for. */
export function assistantPrompt(input: {
  topic: string;
  /** The book's outline as numbered lines (empty for an empty book). */
  outline: string;
  /** The passages that match the message, keyed (prompt-material.ts). */
  material: string;
  message: string;
}): TaskPrompt<typeof llmAssistantReply> {
  return {
    schema: llmAssistantReply,
    system:
      'You are the outline assistant of a textbook editor. For requests to change the structure, reply briefly and list the operations; ' +
      'numbers are 1-based and each operation sees the outline as left by the ones before it. For questions, answer in a few sentences ' +
      'from the excerpts only, citing their keys like [S1], and list no operations; if the excerpts do not answer it, say so. ' +
      'If a request cannot be done with the operations, say so and list none.',
    prompt: `Topic: ${input.topic}\n\nCurrent outline:\n${input.outline || '(empty)'}\n\n${input.material}\n\nUser: ${input.message}`,
  };
}
