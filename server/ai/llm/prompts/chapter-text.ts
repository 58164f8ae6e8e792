import { groundingRules } from '../outline/prompt-material';
import { llmChapterText } from '../schemas';
import type { TaskPrompt } from './task-prompt';

/** Write one planned chapter: an introduction and the paragraphs of each section, from its source units first. */
export function chapterTextPrompt(input: {
  topic: string;
  /** Every planned chapter's title, in order. */
  chapterTitles: string[];
  index: number;
  chapter: { title: string; summary: string; sections: Array<{ title: string; focus: string }> };
  /** The chapter's source units, excerpts and references, keyed (prompt-material.ts). */
  material: string;
}): TaskPrompt<typeof llmChapterText> {
  const { chapter, index } = input;
  return {
    schema: llmChapterText,
    system: `You write chapters of a textbook on ${input.topic}. ${groundingRules}`,
    prompt:
      `Book outline: ${input.chapterTitles.map((title, i) => `${i + 1}. ${title}`).join('; ')}\n\n` +
      `Write chapter ${index + 1}, "${chapter.title}" (${chapter.summary}).\n` +
      `Sections, in this order:\n${chapter.sections.map((s) => `- ${s.title}: ${s.focus}`).join('\n')}\n\n${input.material}\n\n` +
      'Give a short introduction (1-2 paragraphs) and 2-5 paragraphs per section, drawn from the source units first. Plain text paragraphs, no markdown, no headings inside paragraphs.',
  };
}
