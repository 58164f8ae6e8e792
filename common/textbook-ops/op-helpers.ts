import type { Chapter, TextbookContent } from '@common/textbook';

/**
 * Shared pieces of the pure structural edits (chapter-ops.ts, section-ops.ts).
 * Pure structural edits of a textbook's outline. Each returns a new content
 * object (the input is never mutated) and a one-line summary, or the reason
 * it cannot be done. Existing ids are kept, new parts get fresh ids, and no
 * text is ever lost: merging concatenates, splitting divides.
 */
export type OpResult = { ok: true; content: TextbookContent; summary: string } | { ok: false; reason: string };

// getRandomValues, unlike randomUUID, also exists in browsers on plain-http pages.
function randomHex16(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
}
export function newChapterId(): string {
  return `c_${randomHex16()}`;
}
export function newSectionId(): string {
  return `s_${randomHex16()}`;
}

export const fail = (reason: string): OpResult => ({ ok: false, reason });
export const done = (content: TextbookContent, summary: string): OpResult => ({ ok: true, content, summary });

export function withChapters(content: TextbookContent, chapters: Chapter[]): TextbookContent {
  return { ...content, chapters };
}

export function chapterLabel(index: number, chapter: Chapter): string {
  return `Chapter ${index + 1} ("${chapter.title}")`;
}

export function checkChapter(content: TextbookContent, index: number): string | null {
  const n = content.chapters.length;
  if (n === 0) return 'The outline has no chapters yet.';
  if (!Number.isInteger(index) || index < 0 || index >= n)
    return `There is no chapter ${index + 1}: the outline has ${n} chapter${n === 1 ? '' : 's'}.`;
  return null;
}

export function checkSection(content: TextbookContent, chapterIndex: number, sectionIndex: number): string | null {
  const bad = checkChapter(content, chapterIndex);
  if (bad) return bad;
  const sections = content.chapters[chapterIndex].sections;
  if (sections.length === 0) return `Chapter ${chapterIndex + 1} has no sections.`;
  if (!Number.isInteger(sectionIndex) || sectionIndex < 0 || sectionIndex >= sections.length) {
    return `Chapter ${chapterIndex + 1} has no section ${sectionIndex + 1}: it has ${sections.length}.`;
  }
  return null;
}

export function clampPosition(position: number | undefined, length: number): number {
  if (position === undefined || !Number.isFinite(position)) return length;
  return Math.max(0, Math.min(length, Math.round(position)));
}

export function move<T>(items: T[], from: number, to: number): T[] {
  const copy = items.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}
