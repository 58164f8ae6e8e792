import { groundingRules } from '../outline/prompt-material';
import { llmExpansionOutput } from '../schemas';
import type { TaskPrompt } from './task-prompt';

/** Expand a paragraph: new paragraphs after it, from the excerpts only. */
export function expandParagraphPrompt(input: {
  /** The book's outline as numbered lines. */
  outline: string;
  /** Where the passage stands in the book (already cut to length), if the client sent it. */
  context?: string;
  /** The excerpts and references, keyed (prompt-material.ts). */
  material: string;
  /** The passage, as plain text. */
  passage: string;
}): TaskPrompt<typeof llmExpansionOutput> {
  return {
    schema: llmExpansionOutput,
    system: `You expand a passage of a textbook. ${groundingRules} Add only what the excerpts say that the passage and the book do not already say; never restate the passage.`,
    prompt: `Book outline:\n${input.outline}\n\n${input.context ? `Where the passage is:\n${input.context}\n\n` : ''}${input.material}\n\nPassage to expand:\n${input.passage}`,
  };
}
