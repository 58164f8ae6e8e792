import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo } from 'react';
import type { Chapter } from '../../../common/textbook';
import { cn } from '../../lib/cn';

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
}

function sameIndexes(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

// Memoized with an index-list comparison: a search keystroke re-renders only the chapters
// whose visible sections or expansion changed (100 chapters x 20 sections stays responsive).
export const ChapterRow = memo(function ChapterRow({ chapter, chapterIndex, isExpanded, isSelected, selectedSection, sectionIndexes, onToggle, onSelectSection }: ChapterRowProps) {
  const sections = chapter.sections ?? [];
  return (
    <li>
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
        {isExpanded ? <ChevronDown className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> : <ChevronRight className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}
        <span>{chapter.title}</span>
      </button>
      {isExpanded && sectionIndexes.length > 0 && (
        <ul className="ml-5 border-l border-slate-200 pl-2 dark:border-slate-700">
          {sectionIndexes.map((s) => (
            <li key={sections[s].id ?? s}>
              <button
                type="button"
                aria-current={isSelected && selectedSection === s ? 'true' : undefined}
                onClick={() => onSelectSection(chapterIndex, s)}
                className={cn(
                  'w-full rounded-md px-2 py-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
                  isSelected && selectedSection === s ? 'bg-indigo-50 font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' : 'text-slate-700 dark:text-slate-300',
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
}, (prev, next) =>
  prev.chapter === next.chapter &&
  prev.chapterIndex === next.chapterIndex &&
  prev.isExpanded === next.isExpanded &&
  prev.isSelected === next.isSelected &&
  prev.selectedSection === next.selectedSection &&
  prev.onToggle === next.onToggle &&
  prev.onSelectSection === next.onSelectSection &&
  sameIndexes(prev.sectionIndexes, next.sectionIndexes));
