/**
 * The navigator's state and its transitions.
 * Pure functions so each rule of the spec is one small, tested step.
 */
export interface NavigatorState {
  /** Lowercased, as docs/product.md stores it. */
  searchQuery: string;
  /** Chapter indexes; initially the first. */
  expandedChapters: number[];
  selectedChapter: number | null;
  selectedSection: number | null;
}

/** The selection the parent is told about: both indexes. */
export interface NavigatorSelection {
  chapterIndex: number;
  sectionIndex: number | null;
}

export function initialNavigatorState(sectionCounts: readonly number[]): NavigatorState {
  const hasChapters = sectionCounts.length > 0;
  return {
    searchQuery: '',
    expandedChapters: [0],
    // The book opens on its first chapter (and first section), so the reader lands on text.
    selectedChapter: hasChapters ? 0 : null,
    selectedSection: hasChapters && sectionCounts[0] > 0 ? 0 : null,
  };
}

export function isSearchActive(state: Pick<NavigatorState, 'searchQuery'>): boolean {
  return state.searchQuery.trim() !== '';
}

/**
 * Toggling a collapsed chapter expands and selects it, auto-selecting its first section
 * when it has sections; toggling the selected, expanded chapter only collapses it (the
 * selection stays). An expanded chapter that is not the selected one (a search expands
 * them all) is selected, not collapsed: a click on it means "show me this".
 */
export function toggleChapter(state: NavigatorState, chapterIndex: number, sectionCount: number): NavigatorState {
  if (state.expandedChapters.includes(chapterIndex) && state.selectedChapter !== chapterIndex) {
    return { ...state, selectedChapter: chapterIndex, selectedSection: sectionCount > 0 ? 0 : null };
  }
  if (state.expandedChapters.includes(chapterIndex)) {
    return { ...state, expandedChapters: state.expandedChapters.filter((i) => i !== chapterIndex) };
  }
  return {
    ...state,
    expandedChapters: [...state.expandedChapters, chapterIndex],
    selectedChapter: chapterIndex,
    selectedSection: sectionCount > 0 ? 0 : null,
  };
}

/** Selecting a section expands its chapter and selects both. */
export function selectSection(state: NavigatorState, chapterIndex: number, sectionIndex: number): NavigatorState {
  const expandedChapters = state.expandedChapters.includes(chapterIndex)
    ? state.expandedChapters
    : [...state.expandedChapters, chapterIndex];
  return { ...state, expandedChapters, selectedChapter: chapterIndex, selectedSection: sectionIndex };
}

/** A non-empty search expands every chapter; an empty one leaves the expansion as it was. */
export function setSearchQuery(state: NavigatorState, query: string, chapterCount: number): NavigatorState {
  const searchQuery = query.toLowerCase();
  if (searchQuery.trim() === '') return { ...state, searchQuery };
  return { ...state, searchQuery, expandedChapters: Array.from({ length: chapterCount }, (_, i) => i) };
}

/** Clears the selection when an educational item takes over the content area. */
export function clearSelection(state: NavigatorState): NavigatorState {
  return { ...state, selectedChapter: null, selectedSection: null };
}

/** Keeps indexes valid after the book's structure changed (a restore, a reorder, a collaborator's edit). */
export function clampToStructure(state: NavigatorState, sectionCounts: readonly number[]): NavigatorState {
  const n = sectionCounts.length;
  const expandedChapters = state.expandedChapters.filter((i) => i < n);
  let { selectedChapter, selectedSection } = state;
  if (selectedChapter !== null && selectedChapter >= n) {
    selectedChapter = n > 0 ? n - 1 : null;
    selectedSection = null;
  }
  if (selectedChapter !== null && selectedSection !== null && selectedSection >= sectionCounts[selectedChapter]) {
    selectedSection = sectionCounts[selectedChapter] > 0 ? sectionCounts[selectedChapter] - 1 : null;
  }
  if (
    selectedChapter === state.selectedChapter &&
    selectedSection === state.selectedSection &&
    expandedChapters.length === state.expandedChapters.length
  ) {
    return state;
  }
  return { ...state, expandedChapters, selectedChapter, selectedSection };
}
