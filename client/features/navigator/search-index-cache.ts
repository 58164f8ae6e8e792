import type { Chapter, Section } from '@common/textbook';
import { htmlToSearchText, type SearchableChapter, type SearchableSection } from './navigator-search';

// Editing one section replaces only that section object, so caching by identity keeps a
// 5 MB book from being re-stripped of markup on every keystroke in the editor.
const sectionCache = new WeakMap<Section, SearchableSection>();
// A chapter's own text by its HTML: the chapter object is replaced whenever one of its sections changes.
const chapterTextCache = new Map<string, string>();
const chapterCacheLimit = 4000;

function chapterText(html: string): string {
  let text = chapterTextCache.get(html);
  if (text === undefined) {
    if (chapterTextCache.size >= chapterCacheLimit) chapterTextCache.clear();
    text = htmlToSearchText(html);
    chapterTextCache.set(html, text);
  }
  return text;
}

export function buildSearchIndexCached(chapters: readonly Chapter[]): SearchableChapter[] {
  return chapters.map((c) => ({
    title: c.title.toLowerCase(),
    text: chapterText(c.content),
    sections: (c.sections ?? []).map((s) => {
      let entry = sectionCache.get(s);
      if (!entry) {
        entry = { title: s.title.toLowerCase(), text: htmlToSearchText(s.content) };
        sectionCache.set(s, entry);
      }
      return entry;
    }),
  }));
}
