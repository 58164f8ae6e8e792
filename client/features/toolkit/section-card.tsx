import { useState, type FormEvent } from 'react';
import type { Section } from '@common/textbook';
import { Button } from '@client/components/ui/button';
import { Input, Label } from '@client/components/ui/input';
import { toast } from '@client/components/ui/toast-store';
import { LazyRichTextEditor } from '../editor/lazy-rich-text-editor';
import { EditDeleteButtons } from './edit-delete-buttons';
import { SortableRow } from './sortable-row';
import { quoteTitle, sectionPreview } from './toolkit-content';

export interface SectionCardProps {
  id: string;
  section: Section;
  isSaving: boolean;
  onSave: (next: { title: string; content: string }) => Promise<boolean>;
  onDelete: () => void;
}

/** A draggable section card: title, tag-stripped preview, edit, delete and a drag handle. */
export function SectionCard({ id, section, isSaving, onSave, onDelete }: SectionCardProps) {
  const [isEditing, setIsEditing] = useState(false);
  const [title, setTitle] = useState(section.title);
  const [html, setHtml] = useState(section.content);
  const name = quoteTitle(section.title);

  const startEdit = () => {
    setTitle(section.title);
    setHtml(section.content);
    setIsEditing(true);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      toast({ title: 'Error', description: 'Section title cannot be empty.', variant: 'destructive' });
      return;
    }
    if (await onSave({ title: trimmed, content: html })) setIsEditing(false);
  };

  return (
    <SortableRow id={id} testId="section-card" handleLabel={`Drag section ${name}`}>
      {isEditing ? (
        <form onSubmit={(e) => void submit(e)} aria-label={`Edit section ${name}`} className="flex flex-col gap-2">
          <Label htmlFor={`section-title-${id}`}>Section title</Label>
          <Input id={`section-title-${id}`} value={title} onChange={(e) => setTitle(e.target.value)} autoFocus maxLength={300} />
          {/* The section's text in the book's own editor: formulas, links and lists stay what they are (a box of raw
              HTML let one stray character break them). */}
          <span className="text-sm font-medium">Section content</span>
          <LazyRichTextEditor
            editorKey={`toolkit-section-${id}`}
            content={html}
            onChange={setHtml}
            label="Section content"
            testId="section-card-editor"
          />
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setIsEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={isSaving}>
              Save
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <p className="font-medium" data-testid="section-card-title">
              {section.title}
            </p>
            <p className="break-words text-sm text-slate-600 dark:text-slate-300" data-testid="section-preview">
              {sectionPreview(section.content)}
            </p>
          </div>
          <EditDeleteButtons
            editLabel={`Edit section ${name}`}
            deleteLabel={`Delete section ${name}`}
            onEdit={startEdit}
            onDelete={onDelete}
          />
        </div>
      )}
    </SortableRow>
  );
}
