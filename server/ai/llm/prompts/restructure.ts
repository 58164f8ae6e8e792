import { groundingRules } from '../outline/prompt-material';
import { llmRestructurePlan } from '../schemas';
import type { TaskPrompt } from './task-prompt';

/** Customize structure: a plan of chapters listing the book's numbered parts, and new sections when the guidance asks. */
export function restructurePrompt(input: {
  guidance: string;
  /** An outline or document the instructor pasted to follow. */
  originalDocument?: string;
  /** The book's parts, one line each ("U1 [chapter ...] title: opening"). */
  parts: string;
  /** The excerpts that match the guidance, keyed (prompt-material.ts). */
  material: string;
}): TaskPrompt<typeof llmRestructurePlan> {
  return {
    schema: llmRestructurePlan,
    system:
      'You restructure a textbook as the instructor asks, by regrouping, reordering and retitling its parts. Every part key must appear in exactly one chapter. ' +
      `Add new sections only when the guidance asks for new material. ${groundingRules} If the guidance cannot be done this way, explain in cannotDo and return no chapters.`,
    prompt: `Guidance: ${input.guidance}\n\n${input.originalDocument?.trim() ? `Reference document from the instructor:\n${input.originalDocument.slice(0, 8000)}\n\n` : ''}Book parts:\n${input.parts}\n\n${input.material}`,
  };
}
