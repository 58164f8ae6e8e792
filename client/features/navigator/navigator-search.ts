import type { Chapter } from '@common/textbook';

/**
 * Search: case-insensitive substring. A chapter shows if its title or its own text matches
 * (many chapters composed from documents are all text, without sections) or any section
 * matches on title or content; only matching sections are listed. Materials match on
 * title or description. An empty query shows everything.
 */
export interface SearchableSection {
  title: string;
  text: string;
}
export interface SearchableChapter {
  title: string;
  /** The chapter's own text (before its sections). */
  text: string;
  sections: SearchableSection[];
}
export interface ChapterMatch {
  chapterIndex: number;
  sectionIndexes: number[];
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
};

/** Text of an HTML fragment: markup must not match a search (a query "span" finds no tags). */
export function htmlToSearchText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|nbsp|#39|#x27);/g, (m) => entities[m] ?? m)
    .toLowerCase();
}

/** Lowercased titles and section text, computed once per content change rather than per keystroke. */
export function buildSearchIndex(chapters: readonly Chapter[]): SearchableChapter[] {
  return chapters.map((c) => ({
    title: c.title.toLowerCase(),
    text: htmlToSearchText(c.content),
    sections: (c.sections ?? []).map((s) => ({ title: s.title.toLowerCase(), text: htmlToSearchText(s.content) })),
  }));
}

/** What an empty query shows: every chapter with all its sections (needs no search text). */
export function everyChapter(chapters: readonly { sections?: readonly unknown[] }[]): ChapterMatch[] {
  return chapters.map((c, chapterIndex) => ({ chapterIndex, sectionIndexes: (c.sections ?? []).map((_, i) => i) }));
}

export function filterChapters(index: readonly SearchableChapter[], searchQuery: string): ChapterMatch[] {
  const q = searchQuery.trim().toLowerCase();
  if (q === '') return everyChapter(index);
  const matches: ChapterMatch[] = [];
  index.forEach((c, chapterIndex) => {
    const sectionIndexes: number[] = [];
    c.sections.forEach((s, i) => {
      if (s.title.includes(q) || s.text.includes(q)) sectionIndexes.push(i);
    });
    if (c.title.includes(q) || c.text.includes(q) || sectionIndexes.length > 0) matches.push({ chapterIndex, sectionIndexes });
  });
  return matches;
}

export function filterMaterials<T extends { title: string; description?: string }>(materials: readonly T[], searchQuery: string): T[] {
  const q = searchQuery.trim().toLowerCase();
  if (q === '') return [...materials];
  return materials.filter((m) => m.title.toLowerCase().includes(q) || (m.description ?? '').toLowerCase().includes(q));
}
