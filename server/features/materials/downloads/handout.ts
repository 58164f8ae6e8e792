import { keyOf, letter, type DownloadItem } from './download-items';

/** One question as printed on the handout: its number, prompt, the choices to tick or the lines to write on. */
export interface HandoutQuestion {
  number: number;
  prompt: string;
  /** Points, shown when the items are not worth one each. */
  points?: number;
  /** "A. option" lines, or none for a written answer. */
  choices: string[];
  /** Ruled lines to leave for a written answer (0 for a choice). */
  writingLines: number;
}

export interface HandoutKeyEntry {
  number: number;
  key: string;
  /** The explanation, model answer or rubric. */
  notes?: string;
}

/** A printable quiz: the questions for students, and the answer key that goes on pages of its own after them. */
export interface Handout {
  title: string;
  instructions: string;
  questions: HandoutQuestion[];
  key: HandoutKeyEntry[];
}

export function buildHandout(title: string, items: readonly DownloadItem[]): Handout {
  const weighted = items.some((item) => item.points !== 1);
  const total = items.reduce((sum, item) => sum + item.points, 0);
  return {
    title,
    instructions: weighted
      ? `Answer every question. ${total} points in all; each question shows what it is worth.`
      : 'Answer every question.',
    questions: items.map((item, i) => ({
      number: i + 1,
      prompt: item.prompt,
      ...(weighted ? { points: item.points } : {}),
      choices: (item.options ?? []).map((o, j) => `${letter(j)}. ${o}`),
      writingLines: item.options?.length ? 0 : item.profile === 'cc.essay.v0p1' ? 8 : 2,
    })),
    key: items.map((item, i) => ({ number: i + 1, key: keyOf(item), ...(item.feedback ? { notes: item.feedback } : {}) })),
  };
}

export const pointsLabel = (points: number) => `(${points} ${points === 1 ? 'point' : 'points'})`;
