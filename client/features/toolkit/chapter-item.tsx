import * as Accordion from '@radix-ui/react-accordion';
import { Check, ChevronDown, Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Chapter } from '@common/textbook';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/toast-store';
import { ChapterRowTitle } from './chapter-row-title';
import { EditDeleteButtons } from './edit-delete-buttons';
import { SectionCard } from './section-card';
import { SortableList } from './sortable-list';
import { quoteTitle, sectionKey } from './toolkit-content';

export interface ChapterItemProps {
  value: string;
  index: number;
  chapter: Chapter;
  isSaving: boolean;
  onRename: (title: string) => Promise<boolean>;
  onDelete: () => void;
  onAddSection: () => void;
  onMoveSection: (from: string, to: string) => void;
  onSaveSection: (section: string, next: { title: string; content: string }) => Promise<boolean>;
  onDeleteSection: (section: string, title: string) => void;
}

/** One chapter of the Add/Edit accordion: inline rename, delete, and its draggable section cards. */
export function ChapterItem(props: ChapterItemProps) {
  const { value, index, chapter, isSaving, onRename, onDelete, onAddSection, onMoveSection, onSaveSection, onDeleteSection } = props;
  const [isRenaming, setIsRenaming] = useState(false);
  const [title, setTitle] = useState(chapter.title);
  const keys = chapter.sections.map((s, si) => sectionKey(s, index, si));
  const name = quoteTitle(chapter.title);

  const submitRename = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      toast({ title: 'Error', description: 'Chapter title cannot be empty.', variant: 'destructive' });
      return;
    }
    if (trimmed === chapter.title || (await onRename(trimmed))) setIsRenaming(false);
  };

  const nameOf = (key: string) => `section ${quoteTitle(chapter.sections[keys.indexOf(key)]?.title ?? '')}`;

  return (
    <Accordion.Item value={value} data-testid="toolkit-chapter" className="rounded-md border border-slate-200 dark:border-slate-700">
      <Accordion.Header className="flex items-center gap-1 px-2 py-1">
        {isRenaming ? (
          <form onSubmit={(e) => void submitRename(e)} aria-label={`Rename chapter ${name}`} className="flex flex-1 items-center gap-1">
            <Input
              aria-label="Chapter title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setIsRenaming(false);
              }}
              autoFocus
              maxLength={300}
              className="h-9"
            />
            <Button type="submit" variant="ghost" size="icon" aria-label="Save new name" disabled={isSaving}>
              <Check className="h-4 w-4" aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" aria-label="Cancel renaming" onClick={() => setIsRenaming(false)}>
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </form>
        ) : (
          <>
            <Accordion.Trigger className="group flex min-w-0 flex-1 items-center gap-2 rounded px-1 py-2 text-left font-medium hover:bg-slate-50 dark:hover:bg-slate-800">
              <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
              <ChapterRowTitle index={index} chapter={chapter} testId="toolkit-chapter-title" truncate />
            </Accordion.Trigger>
            <EditDeleteButtons
              editLabel={`Rename chapter ${name}`}
              deleteLabel={`Delete chapter ${name}`}
              onEdit={() => {
                setTitle(chapter.title);
                setIsRenaming(true);
              }}
              onDelete={onDelete}
            />
          </>
        )}
      </Accordion.Header>
      <Accordion.Content className="flex flex-col gap-2 border-t border-slate-200 p-3 dark:border-slate-700">
        {chapter.sections.length === 0 ? (
          <p className="text-sm text-slate-500">No sections in this chapter</p>
        ) : (
          <SortableList keys={keys} nameOf={nameOf} onMove={onMoveSection}>
            <ul aria-label={`Sections of ${name}`} className="flex flex-col gap-2">
              {chapter.sections.map((section, si) => (
                <SectionCard
                  key={keys[si]}
                  id={keys[si]}
                  section={section}
                  isSaving={isSaving}
                  onSave={(next) => onSaveSection(keys[si], next)}
                  onDelete={() => onDeleteSection(keys[si], section.title)}
                />
              ))}
            </ul>
          </SortableList>
        )}
        <Button variant="outline" size="sm" className="self-start" onClick={onAddSection}>
          <Plus className="h-4 w-4" aria-hidden /> Add Section to this Chapter
        </Button>
      </Accordion.Content>
    </Accordion.Item>
  );
}
