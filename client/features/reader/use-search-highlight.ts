import { useEffect, type RefObject } from 'react';
import type { ReaderPlace } from './reader-place';

const highlightName = 'reader-search';

/** Ranges of every occurrence of `query` (case-insensitive) in the text under root. */
function findRanges(root: HTMLElement, query: string): Range[] {
  const q = query.toLowerCase();
  const ranges: Range[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && ranges.length < 500; node = walker.nextNode()) {
    // Typeset formulas are read by their MathML; marking inside KaTeX's drawing would mark nothing visible.
    if (node.parentElement?.closest('.katex')) continue;
    const text = (node.textContent ?? '').toLowerCase();
    for (let at = text.indexOf(q); at !== -1; at = text.indexOf(q, at + q.length)) {
      const range = root.ownerDocument.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + q.length);
      ranges.push(range);
    }
  }
  return ranges;
}

/**
 * After a search result is chosen, marks the words on the page (with the CSS Custom Highlight API,
 * which leaves the book's markup alone; where a browser lacks it nothing is marked) and brings
 * the first occurrence at or after the chosen section into view.
 */
export function useSearchHighlight(root: RefObject<HTMLElement | null>, query: string, place: ReaderPlace): void {
  useEffect(() => {
    const container = root.current;
    const registry = typeof CSS !== 'undefined' && 'highlights' in CSS ? CSS.highlights : undefined;
    if (!container || !query.trim()) {
      registry?.delete(highlightName);
      return;
    }
    const ranges = findRanges(container, query.trim());
    if (registry && typeof Highlight !== 'undefined') registry.set(highlightName, new Highlight(...ranges));
    const sectionId = place.kind === 'chapter' && place.section !== undefined ? `reader-c${place.chapter + 1}-s${place.section + 1}` : null;
    const section = sectionId ? container.ownerDocument.getElementById(sectionId) : null;
    const first = ranges.find((r) => !section || section.contains(r.startContainer)) ?? ranges[0];
    first?.startContainer.parentElement?.scrollIntoView?.({ block: 'center' });
    return () => {
      registry?.delete(highlightName);
    };
  }, [root, query, place]);
}
