import { groundingRules } from '../outline/prompt-material';
import { llmChapterExpansionOutput } from '../schemas';
import type { TaskPrompt } from './task-prompt';

/** Expand a chapter: divided into a given number of sections holding its own paragraphs, with new ones from the excerpts. */
export function expandChapterPrompt(input: {
  sectionCount: number;
  /** The book's outline as numbered lines. */
  outline: string;
  /** The chapter's source unit and excerpts, keyed (prompt-material.ts). */
  material: string;
  chapterTitle: string;
  /** The chapter's own paragraphs, as plain text, numbered P1.. in the prompt. */
  paragraphs: string[];
}): TaskPrompt<typeof llmChapterExpansionOutput> {
  return {
    schema: llmChapterExpansionOutput,
    system:
      `You divide a textbook chapter into exactly ${input.sectionCount} sections and expand it. ${groundingRules} ` +
      "Give every section a short title, list which of the chapter's own paragraphs (by number) it holds, in order, and add new paragraphs only from the excerpts, following the source unit's own sub-headings where it has them.",
    prompt: `Book outline:\n${input.outline}\n\n${input.material}\n\nChapter "${input.chapterTitle}", its paragraphs:\n${input.paragraphs.map((p, i) => `P${i + 1}: ${p}`).join('\n')}`,
  };
}
