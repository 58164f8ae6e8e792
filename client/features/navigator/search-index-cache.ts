import type { Chapter, Section } from '../../../common/textbook';
import { htmlToSearchText, type SearchableChapter, type SearchableSection } from './navigator-search';

// Editing one section replaces only that section object, so caching by identity keeps a
// 5 MB book from being re-stripped of markup on every keystroke in the editor.
const sectionCache = new WeakMap<Section, SearchableSection>();

export function buildSearchIndexCached(chapters: readonly Chapter[]): SearchableChapter[] {
  return chapters.map((c) => ({
    title: c.title.toLowerCase(),
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
