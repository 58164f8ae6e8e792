import { randomUUID } from 'node:crypto';
import type { Chapter, Section, TextbookContent } from '../../../../common/textbook';
import { divideBlocks, htmlBlocks, paragraph } from '../compose/html';

/**
 * Pure structural edits of a textbook's outline. Each returns a new content
 * object (the input is never mutated) and a one-line summary, or the reason
 * it cannot be done. Existing ids are kept, new parts get fresh ids, and no
 * text is ever lost: merging concatenates, splitting divides.
 */
export type OpResult = { ok: true; content: TextbookContent; summary: string } | { ok: false; reason: string };

export function newChapterId(): string {
  return `c_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}
export function newSectionId(): string {
  return `s_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

const fail = (reason: string): OpResult => ({ ok: false, reason });
const done = (content: TextbookContent, summary: string): OpResult => ({ ok: true, content, summary });

function withChapters(content: TextbookContent, chapters: Chapter[]): TextbookContent {
  return { ...content, chapters };
}

function chapterLabel(index: number, chapter: Chapter): string {
  return `Chapter ${index + 1} ("${chapter.title}")`;
}

function checkChapter(content: TextbookContent, index: number): string | null {
  const n = content.chapters.length;
  if (n === 0) return 'The outline has no chapters yet.';
  if (!Number.isInteger(index) || index < 0 || index >= n) return `There is no chapter ${index + 1}: the outline has ${n} chapter${n === 1 ? '' : 's'}.`;
  return null;
}

function checkSection(content: TextbookContent, chapterIndex: number, sectionIndex: number): string | null {
  const bad = checkChapter(content, chapterIndex);
  if (bad) return bad;
  const sections = content.chapters[chapterIndex].sections;
  if (sections.length === 0) return `Chapter ${chapterIndex + 1} has no sections.`;
  if (!Number.isInteger(sectionIndex) || sectionIndex < 0 || sectionIndex >= sections.length) {
    return `Chapter ${chapterIndex + 1} has no section ${sectionIndex + 1}: it has ${sections.length}.`;
  }
  return null;
}

function clampPosition(position: number | undefined, length: number): number {
  if (position === undefined || !Number.isFinite(position)) return length;
  return Math.max(0, Math.min(length, Math.round(position)));
}

function move<T>(items: T[], from: number, to: number): T[] {
  const copy = items.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}

// ---------- chapters ----------

export function addChapter(
  content: TextbookContent,
  input: { title: string; content?: string; sections?: Section[]; position?: number },
): OpResult {
  const title = input.title.trim();
  if (!title) return fail('A new chapter needs a title.');
  const chapter: Chapter = {
    id: newChapterId(),
    title,
    // The same default the page's add-chapter form uses (spec 4).
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
  return done(withChapters(content, content.chapters.filter((_, i) => i !== index)), `Removed ${chapterLabel(index, removed)}.`);
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
      return fail(`The chapters do not hold enough sections or paragraphs to make ${target} chapters (I could reach ${current.chapters.length}).`);
    }
    current = split.content;
  }
  const verb = target < start ? 'Merged' : 'Split';
  return done(current, `${verb} chapters to go from ${start} to ${target} chapters.`);
}

// ---------- sections ----------

export function addSection(
  content: TextbookContent,
  chapterIndex: number,
  input: { title: string; content?: string; position?: number },
): OpResult {
  const bad = checkChapter(content, chapterIndex);
  if (bad) return fail(bad);
  const title = input.title.trim();
  if (!title) return fail('Please provide a title for the new section.');
  const chapter = content.chapters[chapterIndex];
  const section: Section = { id: newSectionId(), title, content: input.content ?? '' };
  const sections = chapter.sections.slice();
  const at = clampPosition(input.position, sections.length);
  sections.splice(at, 0, section);
  const chapters = content.chapters.map((c, i) => (i === chapterIndex ? { ...c, sections } : c));
  return done(withChapters(content, chapters), `Added section "${title}" to chapter ${chapterIndex + 1}, "${chapter.title}".`);
}

export function removeSection(content: TextbookContent, chapterIndex: number, sectionIndex: number): OpResult {
  const bad = checkSection(content, chapterIndex, sectionIndex);
  if (bad) return fail(bad);
  const chapter = content.chapters[chapterIndex];
  const removed = chapter.sections[sectionIndex];
  const chapters = content.chapters.map((c, i) => (i === chapterIndex ? { ...c, sections: c.sections.filter((_, j) => j !== sectionIndex) } : c));
  return done(withChapters(content, chapters), `Removed section "${removed.title}" from chapter ${chapterIndex + 1}.`);
}

export function renameSection(content: TextbookContent, chapterIndex: number, sectionIndex: number, title: string): OpResult {
  const bad = checkSection(content, chapterIndex, sectionIndex);
  if (bad) return fail(bad);
  const clean = title.trim();
  if (!clean) return fail('Section title cannot be empty.');
  const old = content.chapters[chapterIndex].sections[sectionIndex].title;
  const chapters = content.chapters.map((c, i) =>
    i === chapterIndex ? { ...c, sections: c.sections.map((s, j) => (j === sectionIndex ? { ...s, title: clean } : s)) } : c,
  );
  return done(withChapters(content, chapters), `Renamed section "${old}" to "${clean}".`);
}

/** Moves a section to `toIndex` (0-based, in the resulting order) of chapter `toChapter`. */
export function moveSection(
  content: TextbookContent,
  from: { chapter: number; section: number },
  to: { chapter: number; index: number },
): OpResult {
  const bad = checkSection(content, from.chapter, from.section) ?? checkChapter(content, to.chapter);
  if (bad) return fail(bad);
  const section = content.chapters[from.chapter].sections[from.section];
  if (from.chapter === to.chapter) {
    const sections = content.chapters[from.chapter].sections;
    const target = Math.max(0, Math.min(sections.length - 1, to.index));
    if (target === from.section) return fail(`"${section.title}" is already in that place.`);
    const chapters = content.chapters.map((c, i) => (i === from.chapter ? { ...c, sections: move(c.sections, from.section, target) } : c));
    return done(withChapters(content, chapters), `Moved section "${section.title}" to position ${target + 1} in chapter ${from.chapter + 1}.`);
  }
  const chapters = content.chapters.map((c, i) => {
    if (i === from.chapter) return { ...c, sections: c.sections.filter((_, j) => j !== from.section) };
    if (i === to.chapter) {
      const sections = c.sections.slice();
      sections.splice(clampPosition(to.index, sections.length), 0, section);
      return { ...c, sections };
    }
    return c;
  });
  return done(withChapters(content, chapters), `Moved section "${section.title}" to chapter ${to.chapter + 1}, "${content.chapters[to.chapter].title}".`);
}

export function splitSection(content: TextbookContent, chapterIndex: number, sectionIndex: number, parts = 2): OpResult {
  const bad = checkSection(content, chapterIndex, sectionIndex);
  if (bad) return fail(bad);
  if (!Number.isInteger(parts) || parts < 2) return fail('A section can only be split into two or more parts.');
  const section = content.chapters[chapterIndex].sections[sectionIndex];
  const blocks = htmlBlocks(section.content);
  if (blocks.length < parts) return fail(`Section "${section.title}" does not have enough paragraphs to split into ${parts}.`);
  const runs = divideBlocks(blocks, parts);
  const pieces: Section[] = runs.map((run, k) => ({
    id: k === 0 ? section.id : newSectionId(),
    title: `${section.title} (Part ${k + 1})`,
    content: run.join(''),
  }));
  const chapters = content.chapters.map((c, i) => {
    if (i !== chapterIndex) return c;
    const sections = c.sections.slice();
    sections.splice(sectionIndex, 1, ...pieces);
    return { ...c, sections };
  });
  return done(withChapters(content, chapters), `Split section "${section.title}" into ${parts} sections.`);
}

export function mergeSections(content: TextbookContent, chapterIndex: number, a: number, b: number): OpResult {
  const bad = checkSection(content, chapterIndex, a) ?? checkSection(content, chapterIndex, b);
  if (bad) return fail(bad);
  if (a === b) return fail('Merging needs two different sections.');
  const [first, second] = a < b ? [a, b] : [b, a];
  const chapter = content.chapters[chapterIndex];
  const s1 = chapter.sections[first];
  const s2 = chapter.sections[second];
  const title = `${s1.title} and ${s2.title}`.length <= 120 ? `${s1.title} and ${s2.title}` : s1.title;
  const merged: Section = { ...s1, title, content: s1.content + s2.content };
  const sections = chapter.sections.filter((_, j) => j !== second).map((s, j) => (j === first ? merged : s));
  const chapters = content.chapters.map((c, i) => (i === chapterIndex ? { ...c, sections } : c));
  return done(withChapters(content, chapters), `Merged sections "${s1.title}" and "${s2.title}" in chapter ${chapterIndex + 1}.`);
}
