import type { Chapter, Section, TextbookContent } from '../../../common/textbook';

/**
 * Merges a collaborator's saved content into what this user sees (docs/decisions.md
 * "Realtime"): the remote structure and text win everywhere, except the one
 * section (or section-less chapter) this user is typing in, whose local title
 * and text are kept, so a remote save never swallows unsaved keystrokes.
 * Matching is by the stable ids the server assigns, never by position.
 * If the remote side removed the section being typed in, it is put back where
 * it was locally (nothing is lost; the next save decides).
 */
export function mergeRemoteContent(
  local: TextbookContent,
  remote: TextbookContent,
  editingSectionId: string | null | undefined,
): TextbookContent {
  if (!editingSectionId) return remote;
  const located = locate(local, editingSectionId);
  if (!located) return remote;

  if (located.kind === 'chapter') {
    const chapters = remote.chapters.map((ch) =>
      ch.id === editingSectionId ? { ...ch, title: located.chapter.title, content: located.chapter.content } : ch,
    );
    if (!remote.chapters.some((ch) => ch.id === editingSectionId)) {
      chapters.splice(insertIndex(local.chapters, remote.chapters, located.chapterIndex), 0, located.chapter);
    }
    return { ...remote, chapters };
  }

  const { section, chapter: localChapter, sectionIndex } = located;
  let placed = false;
  const chapters: Chapter[] = remote.chapters.map((ch) => {
    const at = ch.sections.findIndex((s) => s.id === editingSectionId);
    if (at === -1) return ch;
    placed = true;
    const sections = ch.sections.slice();
    sections[at] = { ...sections[at], title: section.title, content: section.content };
    return { ...ch, sections };
  });
  if (!placed) {
    // Removed remotely: restore it into its chapter if that chapter still exists.
    const target = chapters.findIndex((ch) => ch.id !== undefined && ch.id === localChapter.id);
    if (target !== -1) {
      const sections = chapters[target].sections.slice();
      sections.splice(insertIndex(localChapter.sections, sections, sectionIndex), 0, section);
      chapters[target] = { ...chapters[target], sections };
    } else {
      chapters.push({ ...localChapter, sections: [section] });
    }
  }
  return { ...remote, chapters };
}

type Located =
  | { kind: 'chapter'; chapter: Chapter; chapterIndex: number }
  | { kind: 'section'; chapter: Chapter; section: Section; sectionIndex: number };

function locate(content: TextbookContent, id: string): Located | null {
  for (let c = 0; c < content.chapters.length; c++) {
    const chapter = content.chapters[c];
    if (chapter.id === id) return { kind: 'chapter', chapter, chapterIndex: c };
    const s = chapter.sections.findIndex((sec) => sec.id === id);
    if (s !== -1) return { kind: 'section', chapter, section: chapter.sections[s], sectionIndex: s };
  }
  return null;
}

/** Where to re-insert item `index` of `localList` into `remoteList`: right after its nearest local predecessor still present remotely. */
function insertIndex<T extends { id?: string }>(localList: T[], remoteList: T[], index: number): number {
  for (let i = index - 1; i >= 0; i--) {
    const id = localList[i].id;
    const at = id === undefined ? -1 : remoteList.findIndex((x) => x.id === id);
    if (at !== -1) return at + 1;
  }
  return 0;
}
