import { limits } from '@common/limits';
import * as ops from '@common/textbook-ops';
import { decodeEntities } from '@common/textbook-ops/html';
import type { Chapter, Section, TextbookContent } from '@common/textbook';

/**
 * Pure edits the Academic Toolkit makes to a textbook (docs/product.md,
 * "Add/Edit content"). Each returns new content and leaves its input untouched;
 * chapters and sections are found by their stable ids, never by a
 * position that may have moved since the user looked.
 */

export const defaultSectionHtml = '<p>Enter your content here...</p>';

/** A chapter's or section's key for lists and drag and drop: its id, or its position for old content without ids. */
export function chapterKey(chapter: Chapter, index: number): string {
  return chapter.id ?? `chapter-${index}`;
}
export function sectionKey(section: Section, chapterIndex: number, index: number): string {
  return section.id ?? `section-${chapterIndex}-${index}`;
}

const inlineTag = /<\/?(a|abbr|b|bdi|bdo|cite|code|data|dfn|em|i|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)(\s[^>]*)?>/gi;

/** The content with tags stripped, cut to 100 characters plus '...'. */
export function sectionPreview(html: string): string {
  const text = decodeEntities(
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      // Inline tags sit inside words ('<em>re</em>act'); block tags and breaks separate them.
      .replace(inlineTag, '')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > limits.sectionPreviewChars ? `${text.slice(0, limits.sectionPreviewChars)}...` : text;
}

/** The list with one item moved (a copy; unchanged when either place is outside the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  return ops.move([...items], from, to);
}

/** An order the user arranged: chapter keys, and per chapter key its section keys. */
export interface StructureOrder {
  chapters: string[];
  sections: Record<string, string[]>;
}

export function orderOf(content: TextbookContent): StructureOrder {
  const sections: Record<string, string[]> = {};
  content.chapters.forEach((c, ci) => {
    sections[chapterKey(c, ci)] = c.sections.map((s, si) => sectionKey(s, ci, si));
  });
  return { chapters: content.chapters.map(chapterKey), sections };
}

export function sameOrder(a: StructureOrder, b: StructureOrder): boolean {
  if (a.chapters.join('\u0000') !== b.chapters.join('\u0000')) return false;
  return a.chapters.every((k) => (a.sections[k] ?? []).join('\u0000') === (b.sections[k] ?? []).join('\u0000'));
}

function arrange<T>(items: readonly T[], keys: readonly string[], keyOf: (item: T, index: number) => string): T[] {
  const rank = new Map(keys.map((k, i) => [k, i]));
  // Items the order does not know (added by someone meanwhile) keep their place after the known ones.
  return items
    .map((item, index) => ({ item, index, rank: rank.get(keyOf(item, index)) ?? keys.length + index }))
    .sort((x, y) => x.rank - y.rank)
    .map((x) => x.item);
}

/**
 * Applies an arranged order to the newest content, so that only the order is
 * saved and nothing else the user (or a collaborator) changed meanwhile is undone.
 */
export function applyOrder(content: TextbookContent, order: StructureOrder): TextbookContent {
  const keyed = content.chapters.map((c, ci) => ({ c, key: chapterKey(c, ci), ci }));
  const chapters = arrange(keyed, order.chapters, (x) => x.key).map(({ c, key, ci }) => {
    const sectionOrder = order.sections[key];
    if (!sectionOrder) return c;
    return { ...c, sections: arrange(c.sections, sectionOrder, (s, si) => sectionKey(s, ci, si)) };
  });
  return { ...content, chapters };
}

function findChapter(content: TextbookContent, key: string): number {
  return content.chapters.findIndex((c, ci) => chapterKey(c, ci) === key);
}

/** Where the section with this key sits, found by keys; null when either is gone. */
function findSection(content: TextbookContent, chapter: string, section: string): { ci: number; si: number } | null {
  const ci = findChapter(content, chapter);
  if (ci < 0) return null;
  const si = content.chapters[ci].sections.findIndex((s, i) => sectionKey(s, ci, i) === section);
  return si < 0 ? null : { ci, si };
}

/** The shared operation's content, or null when it refused (its target is gone or the input empty). */
function applied(result: ops.OpResult): TextbookContent | null {
  return result.ok ? result.content : null;
}

/** A new chapter gets 'Introduction to {title}', no sections and a fresh id (the shared outline operation). */
export function addChapter(content: TextbookContent, title: string): TextbookContent {
  return applied(ops.addChapter(content, { title })) ?? content;
}

/** Appends a section (with a fresh id) to the chapter with this key; null when the chapter is gone or the title empty. */
export function addSection(content: TextbookContent, chapter: string, section: { title: string; content: string }): TextbookContent | null {
  const index = findChapter(content, chapter);
  return index < 0 ? null : applied(ops.addSection(content, index, section));
}

export function renameChapter(content: TextbookContent, chapter: string, title: string): TextbookContent | null {
  const index = findChapter(content, chapter);
  return index < 0 ? null : applied(ops.renameChapter(content, index, title));
}

export function deleteChapter(content: TextbookContent, chapter: string): TextbookContent | null {
  const index = findChapter(content, chapter);
  return index < 0 ? null : applied(ops.removeChapter(content, index));
}

export function updateSection(
  content: TextbookContent,
  chapter: string,
  section: string,
  next: { title: string; content: string },
): TextbookContent | null {
  const at = findSection(content, chapter, section);
  return at ? applied(ops.updateSection(content, at.ci, at.si, next)) : null;
}

export function deleteSection(content: TextbookContent, chapter: string, section: string): TextbookContent | null {
  const at = findSection(content, chapter, section);
  return at ? applied(ops.removeSection(content, at.ci, at.si)) : null;
}

/** Moves a section within its chapter, from one key's place to another's (unchanged content when they are the same). */
export function moveSection(content: TextbookContent, chapter: string, from: string, to: string): TextbookContent | null {
  const a = findSection(content, chapter, from);
  const b = findSection(content, chapter, to);
  if (!a || !b) return null;
  if (a.si === b.si) return content;
  return applied(ops.moveSection(content, { chapter: a.ci, section: a.si }, { chapter: a.ci, index: b.si }));
}

/** How the version history names a toolkit edit. */
export function quoteTitle(title: string): string {
  const t = title.trim() || 'Untitled';
  return `"${t.length > 60 ? `${t.slice(0, 59)}…` : t}"`;
}
