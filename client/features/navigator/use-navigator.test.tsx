import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Chapter } from '@common/textbook';
import { htmlToSearchText } from './navigator-search';
import { useNavigator } from './use-navigator';

vi.mock('./navigator-search', async (importOriginal) => {
  const original = await importOriginal<typeof import('./navigator-search')>();
  return { ...original, htmlToSearchText: vi.fn(original.htmlToSearchText) };
});

const chapters: Chapter[] = [
  {
    id: 'c1',
    title: 'Photosynthesis',
    content: '<p>Light energy becomes chemical energy.</p>',
    sections: [{ id: 's1', title: 'Chlorophyll', content: '<p>Chlorophyll absorbs <strong>red</strong> and blue light.</p>' }],
  },
];

describe('useNavigator', () => {
  it('makes the search text of the book on the first search, not when the book first renders', () => {
    const strip = vi.mocked(htmlToSearchText);
    strip.mockClear();
    const { result } = renderHook(() => useNavigator(chapters));
    expect(result.current.state.selectedSection).toBe(0);
    expect(strip).not.toHaveBeenCalled();
    const index = result.current.searchIndex();
    expect(index[0].sections[0].text).toContain('chlorophyll absorbs  red  and blue light.');
    expect(strip).toHaveBeenCalledTimes(2);
    // Made once per content.
    expect(result.current.searchIndex()).toBe(index);
    expect(strip).toHaveBeenCalledTimes(2);
  });
});
