import type { Chapter, Section, TextbookContent } from '@common/textbook';
import { divideBlocks, htmlBlocks, paragraph } from './html';
import {
  chapterLabel,
  checkChapter,
  clampPosition,
  done,
  fail,
  move,
  newChapterId,
  newSectionId,
  withChapters,
  type OpResult,
} from './op-helpers';

export function addChapter(
  content: TextbookContent,
  input: { title: string; content?: string; sections?: Section[]; position?: number },
): OpResult {
  const title = input.title.trim();
  if (!title) return fail('A new chapter needs a title.');
  const chapter: Chapter = {
    id: newChapterId(),
    title,
    // The same default the page's add-chapter form uses.
    content: input.content ?? paragraph(`Introduction to ${title}`),
    sections: input.sections ?? [],
  };
  const at = clampPosition(input.position, content.chapters.length);
  const chapters = content.chapters.slice();
  chapters.splice(at, 0, chapter);
  return done(withChapters(content, chapters), `Added chapter ${at + 1}, "${title}".`);
}

export function removeChapter(content: TextbookContent, index: number): OpResult {
  const bad = checkChapter(content, index);
  if (bad) return fail(bad);
  const removed = content.chapters[index];
  return done(
    withChapters(
      content,
      content.chapters.filter((_, i) => i !== index),
    ),
    `Removed ${chapterLabel(index, removed)}.`,
  );
}

export function renameChapter(content: TextbookContent, index: number, title: string): OpResult {
  const bad = checkChapter(content, index);
  if (bad) return fail(bad);
  const clean = title.trim();
  if (!clean) return fail('Chapter title cannot be empty.');
  const old = content.chapters[index].title;
  const chapters = content.chapters.map((c, i) => (i === index ? { ...c, title: clean } : c));
  return done(withChapters(content, chapters), `Renamed chapter ${index + 1} from "${old}" to "${clean}".`);
}

/** Moves a chapter so that it ends up at index `to` (0-based, in the resulting order). */
export function moveChapter(content: TextbookContent, from: number, to: number): OpResult {
  const bad = checkChapter(content, from);
  if (bad) return fail(bad);
  const target = Math.max(0, Math.min(content.chapters.length - 1, to));
  if (target === from) return fail(`Chapter ${from + 1} is already in that place.`);
  const chapter = content.chapters[from];
  return done(withChapters(content, move(content.chapters, from, target)), `Moved "${chapter.title}" to position ${target + 1}.`);
}

function sizeOf(chapter: Chapter): number {
  return chapter.content.length + chapter.sections.reduce((sum, s) => sum + s.content.length + s.title.length, 0);
}

/**
 * Splits a chapter into `parts` chapters. With enough sections, the sections
 * are divided; otherwise the chapter's paragraphs are.
 */
export function splitChapter(content: TextbookContent, index: number, parts = 2): OpResult {
  const bad = checkChapter(content, index);
  if (bad) return fail(bad);
  if (!Number.isInteger(parts) || parts < 2) return fail('A chapter can only be split into two or more parts.');
  const chapter = content.chapters[index];
  const pieces = splitChapterParts(chapter, parts);
  if (!pieces) return fail(`${chapterLabel(index, chapter)} does not have enough sections or paragraphs to split into ${parts}.`);
  const chapters = content.chapters.slice();
  chapters.splice(index, 1, ...pieces);
  return done(withChapters(content, chapters), `Split ${chapterLabel(index, chapter)} into ${parts} chapters.`);
}

function splitChapterParts(chapter: Chapter, parts: number): Chapter[] | null {
  const partTitle = (k: number) => `${chapter.title} (Part ${k + 1})`;
  if (chapter.sections.length >= parts) {
    const sectionRuns = divideEvenly(chapter.sections, parts);
    return sectionRuns.map((sections, k) => ({
      id: k === 0 ? chapter.id : newChapterId(),
      title: partTitle(k),
      // The introduction stays with the first part; later parts open with their first section's title.
      content: k === 0 ? chapter.content : '',
      sections,
    }));
  }
  // Too few sections: divide the chapter's paragraphs (introduction and any single section).
  const blocks = [...htmlBlocks(chapter.content), ...chapter.sections.flatMap((s) => htmlBlocks(s.content))];
  if (blocks.length < parts) return null;
  const runs = divideBlocks(blocks, parts);
  return runs.map((run, k) => ({
    id: k === 0 ? chapter.id : newChapterId(),
    title: partTitle(k),
    content: run.join(''),
    sections: [],
  }));
}

function divideEvenly<T>(items: T[], parts: number): T[][] {
  const runs: T[][] = [];
  let start = 0;
  for (let k = 0; k < parts; k++) {
    const end = Math.round(((k + 1) * items.length) / parts);
    runs.push(items.slice(start, end));
    start = end;
  }
  return runs;
}

/**
 * Merges chapter `b` into chapter `a` (at a's place). b's introduction becomes
 * a section titled as b, followed by b's sections, so nothing is lost.
 */
export function mergeChapters(content: TextbookContent, a: number, b: number): OpResult {
  const badA = checkChapter(content, a);
  if (badA) return fail(badA);
  const badB = checkChapter(content, b);
  if (badB) return fail(badB);
  if (a === b) return fail('Merging needs two different chapters.');
  const [first, second] = a < b ? [a, b] : [b, a];
  const merged = mergeTwo(content.chapters[first], content.chapters[second]);
  const chapters = content.chapters.filter((_, i) => i !== second).map((c, i) => (i === first ? merged : c));
  return done(withChapters(content, chapters), `Merged chapters ${first + 1} and ${second + 1} into "${merged.title}".`);
}

function mergeTwo(a: Chapter, b: Chapter): Chapter {
  const combinedTitle = `${a.title} and ${b.title}`;
  const bIntro: Section[] = b.content.trim() ? [{ id: newSectionId(), title: b.title, content: b.content }] : [];
  return { ...a, title: combinedTitle.length <= 120 ? combinedTitle : a.title, sections: [...a.sections, ...bIntro, ...b.sections] };
}

/**
 * "Make it N chapters": merges the smallest adjacent pairs or splits the
 * largest chapters until there are N.
 */
export function resizeChapters(content: TextbookContent, target: number): OpResult {
  if (!Number.isInteger(target) || target < 1) return fail('A textbook needs at least one chapter.');
  if (target > 100) return fail('That is more chapters than an outline can usefully hold (at most 100).');
  const start = content.chapters.length;
  if (start === 0) return fail('The outline has no chapters to rearrange yet.');
  if (target === start) return fail(`The outline already has ${target} chapters.`);
  let current = content;
  while (current.chapters.length > target) {
    const chapters = current.chapters;
    let best = 0;
    for (let i = 1; i < chapters.length - 1; i++) {
      if (sizeOf(chapters[i]) + sizeOf(chapters[i + 1]) < sizeOf(chapters[best]) + sizeOf(chapters[best + 1])) best = i;
    }
    const merged = mergeChapters(current, best, best + 1);
    if (!merged.ok) return merged;
    current = merged.content;
  }
  while (current.chapters.length < target) {
    const order = current.chapters.map((c, i) => ({ i, size: sizeOf(c) })).sort((x, y) => y.size - x.size);
    let split: OpResult | null = null;
    for (const { i } of order) {
      const attempt = splitChapter(current, i, 2);
      if (attempt.ok) {
        split = attempt;
        break;
      }
    }
    if (!split || !split.ok) {
      return fail(
        `The chapters do not hold enough sections or paragraphs to make ${target} chapters (I could reach ${current.chapters.length}).`,
      );
    }
    current = split.content;
  }
  const verb = target < start ? 'Merged' : 'Split';
  return done(current, `${verb} chapters to go from ${start} to ${target} chapters.`);
}
