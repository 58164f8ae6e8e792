import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import type { TextbookContent } from '@common/textbook';
import { fastSentences } from '@server/ai/shared/fast-sentences';

/** A worked example or an exercise the chapter itself holds, as the document labelled it. */
export interface ChapterTask {
  kind: 'example' | 'exercise';
  /** "Example 5.3", "Exercise 4", or the kind alone when the document gave no number. */
  label: string;
  /** Its whole text (the label removed). */
  text: string;
  chapterTitle: string;
  sectionTitle?: string;
}

const labelled =
  /^(?<kind>worked example|example|exercise|problem|practice problem)\s*(?<number>\d+(?:\.\d+)*[a-z]?)?\s*(?:\((?<name>[^)]{1,60})\))?\s*[.:)\u2013\u2014-]?\s+(?<text>\S[\s\S]*)$/i;
const exercisesHeading = /^(?:\d+(?:\.\d+)*\.?\s+)?(?:exercises|problems|practice problems|exercises and problems)$/i;
const headingTag = /^<h[1-6]\b/i;
const listTag = /^<(?:ol|ul)\b/i;
const itemText = (html: string) => [...html.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => htmlToText(m[1]).trim());

/** A task worth handing out: a whole sentence or more, not a label or a stub. */
const isWhole = (text: string) => text.split(/\s+/).length >= 6 && fastSentences(text).length >= 1;

function tasksOf(html: string, chapterTitle: string, sectionTitle: string | undefined, underExercises: boolean): ChapterTask[] {
  const out: ChapterTask[] = [];
  let inExercises = underExercises;
  for (const block of htmlBlocks(html)) {
    const text = htmlToText(block).trim();
    if (headingTag.test(block)) {
      inExercises = exercisesHeading.test(text);
      continue;
    }
    if (listTag.test(block) && inExercises) {
      itemText(block).forEach((item, i) => {
        const m = labelled.exec(item);
        const body = m?.groups?.text ?? item;
        if (isWhole(body))
          out.push({
            kind: 'exercise',
            label: `${m?.groups && /problem/i.test(m.groups.kind) ? 'Problem' : 'Exercise'} ${m?.groups?.number ?? i + 1}`,
            text: body,
            chapterTitle,
            sectionTitle,
          });
      });
      continue;
    }
    const m = labelled.exec(text);
    if (!m?.groups || !isWhole(m.groups.text)) continue;
    const kind = /example/i.test(m.groups.kind) ? 'example' : 'exercise';
    const word = kind === 'example' ? 'Example' : /problem/i.test(m.groups.kind) ? 'Problem' : 'Exercise';
    out.push({
      kind,
      label: m.groups.number ? `${word} ${m.groups.number}` : word,
      text: m.groups.text.trim(),
      chapterTitle,
      sectionTitle,
    });
  }
  return out;
}

/**
 * The worked examples and exercises a chapter (or, without `chapterIndex`, the book) holds, in
 * reading order: paragraphs labelled "Example 2.13", "Exercise 4.", "Problem 3:", and the items of
 * a list under an "Exercises" heading or in an "Exercises" section. Course materials refer to these
 * rather than invent tasks of their own.
 */
export function chapterTasks(book: TextbookContent, chapterIndex?: number): ChapterTask[] {
  const chapters = chapterIndex === undefined ? book.chapters : [book.chapters[chapterIndex]].filter(Boolean);
  return chapters.flatMap((c) => [
    ...tasksOf(c.content, c.title, undefined, exercisesHeading.test(c.title.trim())),
    ...c.sections.flatMap((s) => tasksOf(s.content, c.title, s.title, exercisesHeading.test(s.title.trim()))),
  ]);
}

/** Where a task is, for a prompt or guidance: "Example 5.3 (Gradients - Partial Derivatives)". */
export function taskPlace(task: ChapterTask): string {
  return `${task.label} (${task.sectionTitle ? `${task.chapterTitle} - ${task.sectionTitle}` : task.chapterTitle})`;
}
