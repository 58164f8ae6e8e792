import type { z } from 'zod';
import type { MaterialContentType } from '@common/materials';
import { llmMaterialOutputs } from '../schemas';
import type { TaskPrompt } from './task-prompt';

/** Longest chapter text given to the model, in characters (bounded so prompts fit small local models too). */
const maxChapterChars = 14_000;

const instructions: Record<MaterialContentType, string> = {
  quiz:
    'Write a quiz of 8 to 15 questions: multiple-choice, true-false and short-answer. Every question comes from one sentence of the chapter: ' +
    '"source" quotes that sentence word for word. A multiple-choice answer is exactly one of its options; the other options are of the same kind ' +
    '(terms for a term, numbers for a number) taken from elsewhere in the textbook, never the answer again and never repeated. ' +
    'A true-false answer is "True" or "False"; a false statement swaps one term for another term of the same kind from the same chapter. ' +
    'Never ask for a citation year, a figure, table or equation number, a URL, a number from a made-up example, or anything the question itself points back to ("this", "these"). ' +
    'No two questions have the same answer. The explanation says why the answer is right.',
  assessment:
    'Write a graded assessment mixing multiple-choice, true-false, short-answer and essay items, each with whole-number points. ' +
    'Multiple-choice items have options and an answer that is one of them. Short-answer and essay items have a rubric: a list of marking criteria with points.',
  lessonPlan:
    'Write a lesson plan: learning objectives (starting with an action verb), a timed sequence of activities (minutes, title, description) ' +
    "that follows the chapter's sections, the materials needed, and how learning is checked (assessment).",
  homework: 'Write 5 to 8 homework problems on the chapter, each with marking guidance and, where there is one, the expected answer.',
};

/** Educational materials (quiz, assessment, lesson plan, homework) from the textbook's own text. */
export function materialPrompt(input: {
  contentType: MaterialContentType;
  bookTitle: string;
  /** The chapter's title, or undefined for the whole book. */
  chapterTitle?: string;
  /** The other chapters' titles. */
  others: string[];
  /** The chapter's (or book's) text, cut to what the model is given. */
  text: string;
}): TaskPrompt<z.ZodType<unknown>> {
  const { others } = input;
  return {
    schema: llmMaterialOutputs[input.contentType] as z.ZodType<unknown>,
    system:
      `You write educational materials for instructors from their own textbook. ${instructions[input.contentType]} ` +
      'Use only the textbook text given: no outside facts, numbers or quotations. The description is one sentence saying what the material covers.',
    prompt:
      `Textbook: ${input.bookTitle}\n${input.chapterTitle === undefined ? 'Scope: the whole textbook' : `Chapter: ${input.chapterTitle}`}\n` +
      `${others.length ? `Other chapters of the textbook: ${others.join('; ')}\n` : ''}\nText:\n${input.text.slice(0, maxChapterChars)}`,
  };
}
