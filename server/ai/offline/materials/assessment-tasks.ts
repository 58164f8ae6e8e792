import type { AssessmentItem } from '@common/materials';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { chapterTasks, taskPlace, type ChapterTask } from './chapter-exercises';
import { whereIn } from './questions';
import type { MaterialScope } from './scope';

/** "Figure 5.3", "Table 2": a figure or table the chapter's text refers to by its number. */
const figureReference = /\b(?:Figure|Fig\.|Table)\s+\d+(?:\.\d+)*[a-z]?/;

/** Minutes a student needs for a task of this length: five for a short one, up to twenty, in steps of five. */
export function taskMinutes(text: string): number {
  const words = text.split(/\s+/).length;
  return Math.min(20, Math.max(5, Math.round(words / 30) * 5 + 5));
}

const firstSentence = (text: string) => fastSentences(text)[0] ?? text;

function exerciseItem(task: ChapterTask, examples: ChapterTask[]): AssessmentItem {
  const minutes = taskMinutes(task.text);
  const method = examples.length ? `the method of ${examples.map((e) => e.label).join(' or ')}` : 'the method the chapter teaches';
  return {
    type: 'essay',
    prompt: `${taskPlace(task)} (about ${minutes} minutes): ${task.text}`,
    points: 6,
    rubric: [
      `2 points: chooses ${method} and says why it applies.`,
      '3 points: shows each step of the working, with no step skipped.',
      '1 point: states the result clearly, with its units or in the form the task asks for.',
    ],
  };
}

function exampleItem(example: ChapterTask): AssessmentItem {
  const minutes = taskMinutes(example.text);
  // "(Partial Derivatives using the Chain Rule)": a name, not a task to quote.
  const first = firstSentence(example.text);
  const opening = /^[\p{Lu}\d]/u.test(first) && first.split(/\s+/).length >= 6 && /[.?!]$/.test(first) ? first : undefined;
  return {
    type: 'essay',
    prompt: `Without looking at the text, work through ${taskPlace(example)} again and explain each step (about ${minutes} minutes)${opening ? `: ${opening}` : '.'}`,
    answer: example.text,
    points: 6,
    rubric: [
      `3 points: reaches the result ${example.label} reaches, by the same steps.`,
      '2 points: explains why each step is taken, not only what it computes.',
      '1 point: names where the example could go wrong (a sign, a condition, a special case).',
    ],
  };
}

/**
 * Items on the chapter's own material: its exercises (to solve, the worked examples named as the
 * method), one worked example to redo and explain, and a figure or table its text refers to. Each
 * prompt names where in the chapter it comes from and the minutes it takes; each has a rubric.
 */
export function ownMaterialItems(scope: MaterialScope): AssessmentItem[] {
  const tasks = scope.chapters.flatMap((ci) => chapterTasks(scope.book, ci));
  const examples = tasks.filter((t) => t.kind === 'example');
  const exercises = tasks.filter((t) => t.kind === 'exercise');
  const items = exercises.slice(0, 2).map((t) => exerciseItem(t, examples.slice(0, 2)));
  // An example the exercises do not already stand for: redone and explained, the chapter's own reasoning checked.
  if (examples.length) items.push(exampleItem(examples[0]));
  // A sentence that points at a figure is no stand-alone sentence by design; one that opens on its own subject is wanted.
  const figure = scope.sentences.find(
    (s) => figureReference.test(s.plain) && /^\p{Lu}/u.test(s.plain) && !/^(?:this|these|that|those|it|they|here)\b/i.test(s.plain),
  );
  if (figure) {
    const label = figureReference.exec(figure.plain)![0];
    items.push({
      type: 'short-answer',
      prompt: `Look at ${label} in "${whereIn(figure)}". What does it show, and what does the chapter use it to explain? (about 5 minutes)`,
      answer: figure.plain,
      points: 3,
      rubric: [
        `2 points: says what ${label} shows, as the chapter does: "${figure.plain}"`,
        `1 point: connects it to the subject of "${whereIn(figure)}".`,
      ],
    });
  }
  return items;
}
