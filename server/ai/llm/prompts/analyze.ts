import { llmAnalysisOutput } from '../schemas';
import type { TaskPrompt } from './task-prompt';

/** Analyze: the topic, objectives and suggestions of the material, from its titles, headings and excerpts. */
export function analyzePrompt(input: {
  topic?: string;
  titles: string[];
  headings: string[];
  /** The excerpts, keyed (prompt-material.ts). */
  material: string;
}): TaskPrompt<typeof llmAnalysisOutput> {
  const { titles, headings } = input;
  return {
    schema: llmAnalysisOutput,
    system:
      "You analyze an instructor's course material for a textbook generator. Use only the material given. " +
      'Objectives must be specific to this material and start with an action verb (Explain, Describe, Compare, Apply, Analyze, Evaluate, Define, Identify). ' +
      'Suggestions name concrete gaps: a section with little text, a term used but never defined, missing examples or exercises.',
    prompt:
      `${input.topic ? `The instructor's topic: ${input.topic}\n` : ''}` +
      `${titles.length ? `Document titles: ${titles.join('; ')}\n` : ''}` +
      `${headings.length ? `Headings:\n${headings.join('\n')}\n` : ''}\n${input.material}`,
  };
}
