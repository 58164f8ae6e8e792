import { useCallback, useRef, useState } from 'react';
import type { Chapter, Section, TextbookContent } from '@common/textbook';

/**
 * The stored content the page shows around the editor (navigator, toolkit, AI tools) and its
 * revision: exactly what the server last stored, from the first load, a collaborator's save (/ws
 * `edit`), a refetch or a tool's own save. Typing never changes it: the live document carries the
 * text (docs/decisions.md "One live document per textbook"), and the server stores it.
 */
export interface StoredCopy {
  content: TextbookContent;
  revision: number;
}

const chapterKeyOf = (c: Chapter, i: number) => c.id ?? `#c${i}`;
const sectionKeyOf = (s: Section, i: number) => s.id ?? `#s${i}`;

/**
 * `next` with every chapter and section equal to one in `prev` replaced by that very object (and
 * `prev` itself when nothing changed): a save that touched one section leaves the rest of the
 * navigator's rows untouched.
 */
export function reuseUnchanged(prev: TextbookContent, next: TextbookContent): TextbookContent {
  const prevChapters = new Map(prev.chapters.map((c, i) => [chapterKeyOf(c, i), c]));
  let isSame = prev.chapters.length === next.chapters.length && prev.title === next.title;
  const chapters = next.chapters.map((nc, ci) => {
    const pc = prevChapters.get(chapterKeyOf(nc, ci));
    if (!pc) {
      isSame = false;
      return nc;
    }
    const prevSections = new Map(pc.sections.map((s, i) => [sectionKeyOf(s, i), s]));
    let sectionsSame = pc.sections.length === nc.sections.length;
    const sections = nc.sections.map((ns, si) => {
      const ps = prevSections.get(sectionKeyOf(ns, si));
      if (ps && ps.id === ns.id && ps.title === ns.title && ps.content === ns.content) {
        if (pc.sections[si] !== ps) sectionsSame = false;
        return ps;
      }
      sectionsSame = false;
      return ns;
    });
    if (sectionsSame && pc.id === nc.id && pc.title === nc.title && pc.content === nc.content && prev.chapters[ci] === pc) return pc;
    isSame = false;
    return { ...nc, sections };
  });
  if (isSame && JSON.stringify(prev.references) === JSON.stringify(next.references) && prev.notice === next.notice) return prev;
  return { ...next, chapters };
}

export function useStoredCopy(initial: StoredCopy) {
  const [copy, setCopy] = useState<StoredCopy>(initial);
  const ref = useRef(copy);

  /** A newer stored state (older or equal revisions are ignored: saves arrive out of order across channels). */
  const receive = useCallback((content: TextbookContent, revision: number) => {
    const now = ref.current;
    if (revision <= now.revision) return;
    const next = { content: reuseUnchanged(now.content, content), revision };
    ref.current = next;
    setCopy(next);
  }, []);

  return { copy, receive };
}
