import { describe, expect, it } from 'vitest';
import { clampToStructure, initialNavigatorState, isSearchActive, selectSection, setSearchQuery, toggleChapter } from './navigator-state';

// Three chapters: 2 sections, 0 sections, 3 sections.
const counts = [2, 0, 3];

describe('navigator state', () => {
  it('starts with only the first chapter expanded and an empty search', () => {
    const s = initialNavigatorState(counts);
    expect(s.expandedChapters).toEqual([0]);
    expect(s.searchQuery).toBe('');
  });

  it('toggling a collapsed chapter expands it and selects it', () => {
    const s = toggleChapter(initialNavigatorState(counts), 2, counts[2]);
    expect(s.expandedChapters).toContain(2);
    expect(s.selectedChapter).toBe(2);
  });

  it('toggling a collapsed chapter with sections auto-selects its first section', () => {
    const start = selectSection(initialNavigatorState(counts), 0, 1);
    const s = toggleChapter(start, 2, counts[2]);
    expect(s.selectedSection).toBe(0);
  });

  it('toggling a collapsed chapter without sections selects no section', () => {
    const s = toggleChapter(initialNavigatorState(counts), 1, counts[1]);
    expect(s.selectedChapter).toBe(1);
    expect(s.selectedSection).toBeNull();
  });

  it('toggling an expanded chapter collapses it and it stays the selected chapter', () => {
    const open = toggleChapter(initialNavigatorState(counts), 2, counts[2]);
    const withSection = selectSection(open, 2, 2);
    const s = toggleChapter(withSection, 2, counts[2]);
    expect(s.expandedChapters).not.toContain(2);
    expect(s.selectedChapter).toBe(2);
    expect(s.selectedSection).toBe(2);
  });

  it('selecting a section expands its chapter and selects both chapter and section', () => {
    const collapsed = toggleChapter(initialNavigatorState(counts), 0, counts[0]);
    expect(collapsed.expandedChapters).not.toContain(0);
    const s = selectSection(collapsed, 2, 1);
    expect(s.expandedChapters).toContain(2);
    expect(s.selectedChapter).toBe(2);
    expect(s.selectedSection).toBe(1);
  });

  it('a non-empty search expands every chapter', () => {
    const s = setSearchQuery(initialNavigatorState(counts), 'x', counts.length);
    expect(s.expandedChapters).toEqual([0, 1, 2]);
  });

  it('after a search, clicking an expanded chapter that is not selected selects it (with its first section, if any)', () => {
    const searched = setSearchQuery(initialNavigatorState(counts), 'x', counts.length);
    const noSections = toggleChapter(searched, 1, counts[1]);
    expect(noSections.expandedChapters).toContain(1);
    expect([noSections.selectedChapter, noSections.selectedSection]).toEqual([1, null]);
    const withSections = toggleChapter(noSections, 2, counts[2]);
    expect([withSections.selectedChapter, withSections.selectedSection]).toEqual([2, 0]);
    // A second click on the now-selected chapter collapses it.
    expect(toggleChapter(withSections, 2, counts[2]).expandedChapters).not.toContain(2);
  });

  it('an empty search leaves the expansion as it was', () => {
    const searched = setSearchQuery(initialNavigatorState(counts), 'x', counts.length);
    const collapsedOne = toggleChapter(toggleChapter(searched, 1, counts[1]), 1, counts[1]);
    const s = setSearchQuery(collapsedOne, '', counts.length);
    expect(s.expandedChapters).toEqual(collapsedOne.expandedChapters);
    expect(isSearchActive(s)).toBe(false);
  });

  it('keeps the search query lowercased', () => {
    expect(setSearchQuery(initialNavigatorState(counts), 'PhotoSynthesis', 3).searchQuery).toBe('photosynthesis');
  });

  it('keeps the selection inside the book when chapters or sections disappear', () => {
    const s = clampToStructure(selectSection(initialNavigatorState(counts), 2, 2), [2, 0]);
    expect(s.selectedChapter).toBe(1);
    expect(s.selectedSection).toBeNull();
    expect(s.expandedChapters.every((i) => i < 2)).toBe(true);
  });
});
