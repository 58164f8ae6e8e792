import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Chapter } from '@common/textbook';
import { buildSearchIndexCached } from './search-index-cache';
import {
  clampToStructure,
  clearSelection,
  initialNavigatorState,
  selectSection as selectSectionState,
  setSearchQuery,
  toggleChapter as toggleChapterState,
  type NavigatorSelection,
  type NavigatorState,
} from './navigator-state';

export interface NavigatorApi {
  state: NavigatorState;
  /** The book's search text, made on the first search rather than while the book first renders. */
  searchIndex: () => ReturnType<typeof buildSearchIndexCached>;
  toggleChapter: (chapterIndex: number) => void;
  selectSection: (chapterIndex: number, sectionIndex: number) => void;
  search: (query: string) => void;
  clearSelection: () => void;
}

/**
 * The navigator's state machine bound to a book. `onSelect` is the parent notification of
 * It receives both indexes whenever the selection moves to a chapter or section.
 */
export function useNavigator(chapters: readonly Chapter[], onSelect?: (selection: NavigatorSelection) => void): NavigatorApi {
  const sectionCounts = useMemo(() => chapters.map((c) => c.sections?.length ?? 0), [chapters]);
  const [state, setState] = useState<NavigatorState>(() => initialNavigatorState(sectionCounts));
  // The latest state and callback, so the actions stay stable (chapter rows are memoized on them).
  const stateRef = useRef(state);
  stateRef.current = state;
  const countsRef = useRef(sectionCounts);
  countsRef.current = sectionCounts;
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  const structureKey = sectionCounts.join(',');
  useEffect(() => {
    setState((s) => clampToStructure(s, countsRef.current));
  }, [structureKey]);

  const toggleChapter = useCallback((chapterIndex: number) => {
    const before = stateRef.current;
    const next = toggleChapterState(before, chapterIndex, countsRef.current[chapterIndex] ?? 0);
    stateRef.current = next;
    setState(next);
    // Only expanding moves the selection; collapsing leaves it where it was.
    if (!before.expandedChapters.includes(chapterIndex)) onSelectRef.current?.({ chapterIndex, sectionIndex: next.selectedSection });
  }, []);

  const selectSection = useCallback((chapterIndex: number, sectionIndex: number) => {
    const next = selectSectionState(stateRef.current, chapterIndex, sectionIndex);
    stateRef.current = next;
    setState(next);
    onSelectRef.current?.({ chapterIndex, sectionIndex });
  }, []);

  const search = useCallback((query: string) => {
    const next = setSearchQuery(stateRef.current, query, countsRef.current.length);
    stateRef.current = next;
    setState(next);
  }, []);

  const clear = useCallback(() => {
    const next = clearSelection(stateRef.current);
    stateRef.current = next;
    setState(next);
  }, []);

  const searchIndex = useMemo(() => {
    let index: ReturnType<typeof buildSearchIndexCached> | undefined;
    return () => (index ??= buildSearchIndexCached(chapters));
  }, [chapters]);
  return { state, searchIndex, toggleChapter, selectSection, search, clearSelection: clear };
}
