import { groundingRules } from '../outline/prompt-material';
import { llmExpansionOutput } from '../schemas';
import type { TaskPrompt } from './task-prompt';

/** Generate (expand) a section: up to a given number of new paragraphs, from its source unit first. */
export function generateSectionPrompt(input: {
  paragraphCount: number;
  expansionLevel?: string;
  /** What the client sent about the book around the section, if anything. */
  context?: string;
  /** The section's source unit, excerpts and references, keyed (prompt-material.ts). */
  material: string;
  sectionTitle: string;
  chapterTitle: string;
  /** The section's text as it stands (plain text). */
  current: string;
}): TaskPrompt<typeof llmExpansionOutput> {
  return {
    schema: llmExpansionOutput,
    system: `You expand one section of a textbook with up to ${input.paragraphCount} new paragraphs (${input.expansionLevel ?? 'comprehensive'}). ${groundingRules} Draw on the section's source unit first. Never repeat what the section or the rest of the book already says.`,
    prompt: `${input.context ? `Context:\n${input.context.slice(0, 6000)}\n\n` : ''}${input.material}\n\nSection "${input.sectionTitle}" of chapter "${input.chapterTitle}", as it stands:\n${input.current || '(empty)'}`,
  };
}
