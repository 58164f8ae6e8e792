import { useEffect, useRef } from 'react';
import { cn } from '@client/lib/cn';
import type { OutlineChange, OutlineEntry } from './outline-diff';

const changeLabel: Record<OutlineChange, string> = { same: '', added: 'new', renamed: 'renamed', moved: 'moved', removed: 'removed' };
const changeClass: Record<OutlineChange, string> = {
  same: '',
  added: 'text-emerald-700 dark:text-emerald-300',
  renamed: 'text-amber-700 dark:text-amber-300',
  moved: 'text-sky-700 dark:text-sky-300',
  removed: 'text-red-700 line-through dark:text-red-300',
};

function ChangeTag({ change }: { change: OutlineChange }) {
  if (change === 'same') return null;
  return (
    <span className="ml-1 rounded bg-slate-100 px-1 text-[10px] uppercase tracking-wide text-slate-600 no-underline dark:bg-slate-800 dark:text-slate-300">
      {changeLabel[change]}
    </span>
  );
}

/** The proposed table of contents, every change marked, before it is applied. */
export function ProposedOutline({ outline }: { outline: OutlineEntry[] }) {
  const list = useRef<HTMLOListElement>(null);
  // A long book's change can sit far down the list: the first changed entry is scrolled into the list's view.
  useEffect(() => {
    const el = list.current;
    const first = el?.querySelector<HTMLElement>('[data-change]:not([data-change="same"])');
    if (el && first) el.scrollTop = Math.max(0, first.offsetTop - 8);
  }, [outline]);
  return (
    <ol
      ref={list}
      className="relative max-h-64 space-y-1 overflow-y-auto text-sm"
      aria-label="Proposed table of contents"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list must be reachable by keyboard to scroll it
      tabIndex={0}
    >
      {outline.map((c) => (
        <li key={c.key} data-change={c.change}>
          <span className={cn('font-medium', changeClass[c.change])}>{c.title}</span>
          <ChangeTag change={c.change} />
          {c.was && <span className="block text-xs text-slate-500">was: {c.was}</span>}
          {c.sections.length > 0 && (
            <ul className="ml-4 list-disc">
              {c.sections.map((s) => (
                <li key={s.key} data-change={s.change} className={changeClass[s.change]}>
                  {s.title}
                  <ChangeTag change={s.change} />
                  {s.was && <span className="block text-xs text-slate-500">was: {s.was}</span>}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
