import type { Chapter } from '@common/textbook';
import { cn } from '@client/lib/cn';

/**
 * A chapter's row in the toolkit (the Add/Edit accordion and the reorder list): its number and title,
 * then how many sections it has. `truncate` keeps a long title on one line.
 */
export function ChapterRowTitle({
  index,
  chapter,
  testId,
  truncate,
}: {
  index: number;
  chapter: Chapter;
  testId: string;
  truncate?: boolean;
}) {
  const count = chapter.sections.length;
  return (
    <>
      <span className={cn('min-w-0 flex-1 font-medium', truncate && 'truncate')} data-testid={testId}>
        {index + 1}. {chapter.title}
      </span>
      <span className="shrink-0 text-xs font-normal text-slate-500">
        {count} {count === 1 ? 'section' : 'sections'}
      </span>
    </>
  );
}
