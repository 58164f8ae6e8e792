import * as Accordion from '@radix-ui/react-accordion';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { TextbookContent } from '@common/textbook';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { AddChapterForm } from './add-chapter-form';
import { AddSectionForm } from './add-section-form';
import { ChapterItem } from './chapter-item';
import {
  addChapter,
  addSection,
  chapterKey,
  deleteChapter,
  deleteSection,
  moveSection,
  quoteTitle,
  renameChapter,
  updateSection,
} from './toolkit-content';
import { useToolkitSave, type ToolkitProps } from './use-toolkit-save';

type Form = { kind: 'chapter' } | { kind: 'section'; chapter: string | null } | null;
type PendingDelete =
  { kind: 'chapter'; chapter: string; title: string } | { kind: 'section'; chapter: string; section: string; title: string } | null;

/** Add chapters and sections, rename, edit, delete, and drag sections. */
export function AddContentTab(props: ToolkitProps) {
  const { save, isSaving } = useToolkitSave(props);
  const [form, setForm] = useState<Form>(null);
  const [open, setOpen] = useState<string[]>([]);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete>(null);
  // A dragged section stays where it was dropped while its save is under way.
  const [optimistic, setOptimistic] = useState<TextbookContent | null>(null);
  const content = optimistic ?? props.content;
  const keys = content.chapters.map(chapterKey);
  const titleOf = (key: string) => content.chapters[keys.indexOf(key)]?.title ?? '';

  const onAddChapter = async (title: string) => {
    const ok = await save({
      edit: (c) => addChapter(c, title),
      description: `Added chapter ${quoteTitle(title)}`,
      success: { title: 'Chapter Added', description: `${quoteTitle(title)} has been added to the textbook.` },
      failure: { title: 'Error', description: 'Failed to add the new chapter. Please try again.' },
    });
    if (ok) setForm(null);
  };

  const onAddSection = async (chapter: string, section: { title: string; content: string }) => {
    const ok = await save({
      edit: (c) => addSection(c, chapter, section),
      description: `Added section ${quoteTitle(section.title)} to chapter ${quoteTitle(titleOf(chapter))}`,
      success: { title: 'Section Added', description: `${quoteTitle(section.title)} has been added to ${quoteTitle(titleOf(chapter))}.` },
      failure: { title: 'Error', description: 'Failed to add the new section. Please try again.' },
    });
    if (ok) {
      setForm(null);
      setOpen((prev) => (prev.includes(chapter) ? prev : [...prev, chapter]));
    }
  };

  const onRename = (chapter: string, index: number) => (title: string) =>
    save({
      edit: (c) => renameChapter(c, chapter, title),
      description: `Renamed chapter ${index + 1} to ${quoteTitle(title)}`,
      success: { title: 'Chapter Updated', description: `The chapter is now called ${quoteTitle(title)}.` },
      failure: { title: 'Error', description: 'Failed to update the chapter. Please try again.' },
    });

  const onSaveSection = (chapter: string) => (section: string, next: { title: string; content: string }) =>
    save({
      edit: (c) => updateSection(c, chapter, section, next),
      description: `Edited section ${quoteTitle(next.title)}`,
      success: { title: 'Content Updated', description: `${quoteTitle(next.title)} has been saved.` },
      failure: { title: 'Update Failed', description: 'Could not update the textbook content. Please try again.' },
    });

  const onMoveSection = (chapter: string) => (from: string, to: string) => {
    const next = moveSection(content, chapter, from, to);
    if (!next) return;
    setOptimistic(next);
    void save({
      edit: (c) => moveSection(c, chapter, from, to),
      description: `Reordered sections in chapter ${quoteTitle(titleOf(chapter))}`,
      success: { title: 'Sections Reordered', description: 'The new order of the sections has been saved.' },
      failure: { title: 'Error', description: 'Failed to reorder the sections. Please try again.' },
    }).finally(() => setOptimistic(null));
  };

  const confirmDelete = () => {
    const target = pendingDelete;
    setPendingDelete(null);
    if (!target) return;
    if (target.kind === 'chapter') {
      void save({
        edit: (c) => deleteChapter(c, target.chapter),
        description: `Deleted chapter ${quoteTitle(target.title)}`,
        success: { title: 'Chapter Deleted', description: `${quoteTitle(target.title)} has been deleted.` },
        failure: { title: 'Error', description: 'Failed to delete the chapter. Please try again.' },
      });
    } else {
      void save({
        edit: (c) => deleteSection(c, target.chapter, target.section),
        description: `Deleted section ${quoteTitle(target.title)}`,
        success: { title: 'Section Deleted', description: `${quoteTitle(target.title)} has been deleted.` },
        failure: { title: 'Error', description: 'Failed to delete the section. Please try again.' },
      });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setForm(form?.kind === 'chapter' ? null : { kind: 'chapter' })} aria-expanded={form?.kind === 'chapter'}>
          <Plus className="h-4 w-4" aria-hidden /> Add New Chapter
        </Button>
        <Button
          variant="outline"
          onClick={() => setForm(form?.kind === 'section' ? null : { kind: 'section', chapter: null })}
          disabled={content.chapters.length === 0}
          aria-expanded={form?.kind === 'section'}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add New Section
        </Button>
      </div>
      {form?.kind === 'chapter' && (
        <AddChapterForm isSaving={isSaving} onAdd={(t) => void onAddChapter(t)} onCancel={() => setForm(null)} />
      )}
      {form?.kind === 'section' && (
        <AddSectionForm
          key={form.chapter ?? 'any'}
          chapters={content.chapters.map((c, i) => ({ key: keys[i], title: c.title }))}
          initialChapter={form.chapter}
          isSaving={isSaving}
          onAdd={(chapter, section) => void onAddSection(chapter, section)}
          onCancel={() => setForm(null)}
        />
      )}
      {content.chapters.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700">
          No chapters yet. Add your first chapter to get started.
        </p>
      ) : (
        <Accordion.Root type="multiple" value={open} onValueChange={setOpen} className="flex flex-col gap-2">
          {content.chapters.map((chapter, ci) => (
            <ChapterItem
              key={keys[ci]}
              value={keys[ci]}
              index={ci}
              chapter={chapter}
              isSaving={isSaving}
              onRename={onRename(keys[ci], ci)}
              onDelete={() => setPendingDelete({ kind: 'chapter', chapter: keys[ci], title: chapter.title })}
              onAddSection={() => setForm({ kind: 'section', chapter: keys[ci] })}
              onMoveSection={onMoveSection(keys[ci])}
              onSaveSection={onSaveSection(keys[ci])}
              onDeleteSection={(section, title) => setPendingDelete({ kind: 'section', chapter: keys[ci], section, title })}
            />
          ))}
        </Accordion.Root>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(isOpen) => !isOpen && setPendingDelete(null)}
        title={pendingDelete?.kind === 'section' ? 'Delete Section' : 'Delete Chapter'}
        description={
          pendingDelete
            ? `Are you sure you want to delete the ${pendingDelete.kind} "${pendingDelete.title}"? This action cannot be undone.`
            : ''
        }
        onConfirm={confirmDelete}
      />
    </div>
  );
}
