import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import type { Chapter } from '@common/textbook';
import { cn } from '@client/lib/cn';

interface ChapterRowProps {
  chapter: Chapter;
  chapterIndex: number;
  isExpanded: boolean;
  isSelected: boolean;
  /** The selected section of this chapter, or null when the selection is elsewhere. */
  selectedSection: number | null;
  sectionIndexes: readonly number[];
  onToggle: (chapterIndex: number) => void;
  onSelectSection: (chapterIndex: number, sectionIndex: number) => void;
  /** Big books: an expanded chapter lists its sections only once it comes into view. */
  isLazy?: boolean;
}

const rowHeightPx = 30;

/**
 * Whether the row has come near the viewport (then stays true). Without IntersectionObserver
 * (tests, old browsers) everything counts as near.
 */
function useHasBeenNear(isLazy: boolean, startsNear: boolean) {
  const ref = useRef<HTMLLIElement>(null);
  const [isNear, setIsNear] = useState(!isLazy || startsNear);
  useEffect(() => {
    if (isNear) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setIsNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [isNear]);
  return { ref, isNear };
}

function sameIndexes(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

// Memoized with an index-list comparison: a search keystroke re-renders only the chapters
// whose visible sections or expansion changed. With content-visibility and lazy section
// lists, the first search letter on a 100 x 20 book (which expands everything) stays < 50 ms.
export const ChapterRow = memo(
  function ChapterRow({
    chapter,
    chapterIndex,
    isExpanded,
    isSelected,
    selectedSection,
    sectionIndexes,
    onToggle,
    onSelectSection,
    isLazy = false,
  }: ChapterRowProps) {
    const sections = chapter.sections ?? [];
    const listed = isExpanded ? sectionIndexes.length : 0;
    // The first chapters are on screen at once; the selected one must always show its sections.
    const { ref, isNear } = useHasBeenNear(isLazy, chapterIndex < 5 || isSelected);
    return (
      // Off-screen chapters skip layout and paint (content-visibility), so expanding all 100
      // chapters of a big book on the first search letter costs only what is in view. The
      // intrinsic size estimate keeps the scrollbar close to right before a row is rendered.
      <li ref={ref} style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${34 + listed * rowHeightPx}px` }}>
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-current={isSelected && selectedSection === null ? 'true' : undefined}
          onClick={() => onToggle(chapterIndex)}
          className={cn(
            'flex w-full items-start gap-1 rounded-md px-2 py-1.5 text-left text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800',
            isSelected && 'text-indigo-700 dark:text-indigo-300',
          )}
        >
          {isExpanded ? (
            <ChevronDown className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          ) : (
            <ChevronRight className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          )}
          <span>{chapter.title}</span>
        </button>
        {/* A book made from several files: which of them the chapter comes from. */}
        {chapter.sourceFiles?.length ? (
          <p className="ml-7 truncate pb-1 text-xs text-slate-500 dark:text-slate-400" title={chapter.sourceFiles.join(', ')}>
            From: {chapter.sourceFiles.join(', ')}
          </p>
        ) : null}
        {isExpanded && sectionIndexes.length > 0 && !isNear && <div aria-hidden style={{ height: listed * rowHeightPx }} />}
        {isExpanded && sectionIndexes.length > 0 && isNear && (
          <ul className="ml-5 border-l border-slate-200 pl-2 dark:border-slate-700">
            {sectionIndexes.map((s) => (
              <li key={sections[s].id ?? s}>
                <button
                  type="button"
                  aria-current={isSelected && selectedSection === s ? 'true' : undefined}
                  onClick={() => onSelectSection(chapterIndex, s)}
                  className={cn(
                    'w-full rounded-md px-2 py-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
                    isSelected && selectedSection === s
                      ? 'bg-indigo-50 font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
                      : 'text-slate-700 dark:text-slate-300',
                  )}
                >
                  {sections[s].title}
                </button>
              </li>
            ))}
          </ul>
        )}
      </li>
    );
  },
  (prev, next) =>
    prev.chapter === next.chapter &&
    prev.chapterIndex === next.chapterIndex &&
    prev.isExpanded === next.isExpanded &&
    prev.isSelected === next.isSelected &&
    prev.selectedSection === next.selectedSection &&
    prev.onToggle === next.onToggle &&
    prev.onSelectSection === next.onSelectSection &&
    prev.isLazy === next.isLazy &&
    sameIndexes(prev.sectionIndexes, next.sectionIndexes),
);
