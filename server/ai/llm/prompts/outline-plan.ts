import { llmOutlinePlan, llmPartialPlan } from '../schemas';
import type { TaskPrompt } from './task-prompt';

const planningRules =
  'Follow the structure of the material: its units become chapters and their sub-units sections, in the documents’ order, ' +
  'unless the topic clearly leaves a unit out. Titles are short and specific, taken from the headings where they exist; no numbering in titles. ' +
  'For every chapter and section, list in "sources" the keys of the map units ([U3] as "U3") it is written from.';

const plannerSystem = `You plan university-level textbooks from an instructor's own material. ${planningRules}`;

/** The document map given whole to the planner (its lines: key, heading, file and page, opening). */
export function documentMapText(lines: string[]): string {
  return `Document map (each line: a unit's key, heading, file and page, and how its text opens):\n${lines.join('\n')}`;
}

/** A long map planned in parts: its top-level units and the chapters each part proposed, for the planner that joins them. */
export function plannedPartsText(
  partCount: number,
  topLines: string[],
  chapters: Array<{ title: string; sources: string[]; summary: string }>,
): string {
  return (
    `The material is long, so it was planned in ${partCount} parts. Top-level units:\n${topLines.join('\n')}\n\n` +
    `Chapters proposed for each part, in order:\n${chapters.map((c) => `- ${c.title} (${c.sources.join(', ')}): ${c.summary}`).join('\n')}`
  );
}

/** Plan one part of a long document map (map-reduce): the chapters its units make. */
export function partPlanPrompt(input: { topic: string; lines: string[]; index: number; count: number }): TaskPrompt<typeof llmPartialPlan> {
  return {
    schema: llmPartialPlan,
    system: plannerSystem,
    prompt:
      `Topic: ${input.topic}\n\nDocument map, part ${input.index + 1} of ${input.count} (each line: a unit's key, heading, file and page, and how its text opens):\n` +
      `${input.lines.join('\n')}\n\nPropose the chapters this part of the material makes, each with the unit keys it covers.`,
  };
}

/** Plan the book: chapters in teaching order with their sections, from the map (or the joined part plans, or excerpts). */
export function outlinePlanPrompt(input: {
  topic: string;
  /** documentMapText, plannedPartsText, or keyed excerpts when there is no document to map. */
  map: string;
  /** The approved references, keyed R1.. */
  references: Array<{ key?: string; title: string }>;
}): TaskPrompt<typeof llmOutlinePlan> {
  const { references } = input;
  const referenceLines = references.length ? `\n\nApproved references: ${references.map((r) => `[${r.key}] ${r.title}`).join('; ')}` : '';
  return {
    schema: llmOutlinePlan,
    system: plannerSystem,
    prompt: `Topic: ${input.topic}\n\n${input.map}${referenceLines}\n\nPlan a textbook on this topic from the material: chapters in teaching order, each with 2 to 6 sections.`,
  };
}
