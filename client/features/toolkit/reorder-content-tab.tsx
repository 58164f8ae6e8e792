import { ArrowLeft, RotateCcw, Save } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { TextbookContent } from '@common/textbook';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toast-store';
import { applyOrder, chapterKey, moveItem, orderOf, quoteTitle, sameOrder, sectionKey, type StructureOrder } from './toolkit-content';
import { ChapterRowTitle } from './chapter-row-title';
import { SortableList } from './sortable-list';
import { SortableRow } from './sortable-row';
import { useToolkitSave, type ToolkitProps } from './use-toolkit-save';

function describeOrder(before: TextbookContent, after: TextbookContent): { description: string; chaptersMoved: boolean } {
  const a = orderOf(before);
  const b = orderOf(after);
  const chaptersMoved = a.chapters.join('\u0000') !== b.chapters.join('\u0000');
  const phrases = chaptersMoved ? ['Reordered chapters'] : [];
  after.chapters.forEach((c, ci) => {
    const key = chapterKey(c, ci);
    if ((a.sections[key] ?? []).join('\u0000') !== (b.sections[key] ?? []).join('\u0000'))
      phrases.push(`Reordered sections in chapter ${quoteTitle(c.title)}`);
  });
  return { description: phrases.join('; ') || 'Reordered content', chaptersMoved };
}

const orderUpdated = () => toast({ title: 'Order Updated', description: 'Select Save Changes to keep the new order.' });

/** Chapters and, per chapter, sections, by drag or keyboard; saved on 'Save Changes'. */
export function ReorderContentTab(props: ToolkitProps) {
  const { content } = props;
  const { save, isSaving } = useToolkitSave(props);
  // null follows the book as saved; an order is what the user arranged and has not saved yet.
  const [order, setOrder] = useState<StructureOrder | null>(null);
  const [sectionsOf, setSectionsOf] = useState<string | null>(null);
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());

  const arranged = useMemo(() => (order ? applyOrder(content, order) : content), [content, order]);
  const isDirty = order !== null && !sameOrder(orderOf(arranged), orderOf(content));
  const keys = arranged.chapters.map(chapterKey);
  const nameOfChapter = (key: string) => {
    const i = keys.indexOf(key);
    return i >= 0 ? `chapter ${quoteTitle(arranged.chapters[i].title)}` : 'chapter';
  };

  const moveChapter = (from: string, to: string) => {
    const current = orderOf(arranged);
    setOrder({ ...current, chapters: moveItem(current.chapters, current.chapters.indexOf(from), current.chapters.indexOf(to)) });
    orderUpdated();
  };

  const reset = () => {
    setOrder(null);
    toast({ title: 'Reset Complete', description: 'The original order has been restored.' });
  };

  const saveOrder = async () => {
    if (!order) return;
    const { description, chaptersMoved } = describeOrder(content, arranged);
    const ok = await save({
      edit: (latest) => applyOrder(latest, order),
      description,
      success: chaptersMoved
        ? { title: 'Reordering Saved', description: 'The new order of your textbook has been saved.' }
        : { title: 'Sections Reordered', description: 'The new order of the sections has been saved.' },
      failure: chaptersMoved
        ? { title: 'Update Failed', description: 'Could not save the reordered structure. Please try again.' }
        : { title: 'Error', description: 'Failed to reorder the sections. Please try again.' },
    });
    if (ok) setOrder(null);
  };

  const toggleShown = (key: string) => {
    setShown((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  };

  const focusIndex = sectionsOf === null ? -1 : keys.indexOf(sectionsOf);
  const focused = focusIndex >= 0 ? arranged.chapters[focusIndex] : null;

  return (
    <div className="flex flex-col gap-4">
      {arranged.chapters.length === 0 ? (
        <p className="text-sm text-slate-500">No chapters yet. Add your first chapter to get started.</p>
      ) : focused ? (
        <SectionOrder
          chapterTitle={focused.title}
          chapterKeyValue={keys[focusIndex]}
          sections={focused.sections.map((s, si) => ({ key: sectionKey(s, focusIndex, si), title: s.title }))}
          onMove={(keysInOrder) => {
            const current = orderOf(arranged);
            setOrder({ ...current, sections: { ...current.sections, [keys[focusIndex]]: keysInOrder } });
            orderUpdated();
          }}
          onBack={() => setSectionsOf(null)}
        />
      ) : (
        <div>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
            Drag chapters by their handle, or focus a handle and use Space and the arrow keys.
          </p>
          <SortableList keys={keys} nameOf={nameOfChapter} onMove={moveChapter}>
            <ol aria-label="Chapter order" className="flex flex-col gap-2">
              {arranged.chapters.map((chapter, ci) => {
                const key = keys[ci];
                const isShown = shown.has(key);
                return (
                  <SortableRow key={key} id={key} testId="reorder-chapter" handleLabel={`Drag chapter ${quoteTitle(chapter.title)}`}>
                    <div className="flex flex-wrap items-center gap-2">
                      <ChapterRowTitle index={ci} chapter={chapter} testId="reorder-chapter-title" />
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={chapter.sections.length < 2}
                        onClick={() => setSectionsOf(key)}
                        aria-label={`Reorder Sections of ${quoteTitle(chapter.title)}`}
                      >
                        Reorder Sections
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={chapter.sections.length === 0}
                        onClick={() => toggleShown(key)}
                        aria-expanded={isShown}
                        aria-label={`${isShown ? 'Hide' : 'Show'} Sections of ${quoteTitle(chapter.title)}`}
                      >
                        {isShown ? 'Hide Sections' : 'Show Sections'}
                      </Button>
                    </div>
                    {isShown && (
                      <ul className="mt-2 list-disc pl-6 text-sm text-slate-600 dark:text-slate-300">
                        {chapter.sections.map((s, si) => (
                          <li key={sectionKey(s, ci, si)}>{s.title}</li>
                        ))}
                      </ul>
                    )}
                  </SortableRow>
                );
              })}
            </ol>
          </SortableList>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        <Button variant="outline" onClick={reset} disabled={!isDirty || isSaving}>
          <RotateCcw className="h-4 w-4" aria-hidden /> Reset Order
        </Button>
        <Button onClick={() => void saveOrder()} disabled={!isDirty || isSaving}>
          <Save className="h-4 w-4" aria-hidden /> {isSaving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </div>
  );
}

interface SectionOrderProps {
  chapterTitle: string;
  chapterKeyValue: string;
  sections: Array<{ key: string; title: string }>;
  onMove: (keysInOrder: string[]) => void;
  onBack: () => void;
}

/** Section-level reordering of one chapter, with 'Back to Chapters'. */
function SectionOrder({ chapterTitle, chapterKeyValue, sections, onMove, onBack }: SectionOrderProps) {
  const keys = sections.map((s) => s.key);
  const nameOf = (key: string) => `section ${quoteTitle(sections.find((s) => s.key === key)?.title ?? '')}`;
  return (
    <div data-chapter={chapterKeyValue}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Chapters
        </Button>
        <h4 className="min-w-0 flex-1 font-semibold">Sections of {chapterTitle}</h4>
      </div>
      <SortableList keys={keys} nameOf={nameOf} onMove={(from, to) => onMove(moveItem(keys, keys.indexOf(from), keys.indexOf(to)))}>
        <ol aria-label="Section order" className="flex flex-col gap-2">
          {sections.map((s, si) => (
            <SortableRow key={s.key} id={s.key} testId="reorder-section" handleLabel={`Drag section ${quoteTitle(s.title)}`}>
              <span className="font-medium" data-testid="reorder-section-title">
                {si + 1}. {s.title}
              </span>
            </SortableRow>
          ))}
        </ol>
      </SortableList>
    </div>
  );
}
