import { useState, type FormEvent } from 'react';
import { Input, Label } from '@client/components/ui/input';
import { LazyRichTextEditor } from '../editor/lazy-rich-text-editor';
import { toast } from '@client/components/ui/toast-store';
import { AddForm, requiredTitle } from './add-form';
import { defaultSectionHtml } from './toolkit-content';

export interface AddSectionFormProps {
  chapters: Array<{ key: string; title: string }>;
  /** The chapter it was opened from, if any. */
  initialChapter: string | null;
  isSaving: boolean;
  onAdd: (chapter: string, section: { title: string; content: string }) => void;
  onCancel: () => void;
}

/**
 * docs/product.md 'Add Section to this Chapter': a chapter, a title and the content, written in the
 * same rich editor as the book (nobody is asked for raw HTML); it starts with the spec's
 * default text.
 */
export function AddSectionForm({ chapters, initialChapter, isSaving, onAdd, onCancel }: AddSectionFormProps) {
  const [chapter, setChapter] = useState(initialChapter ?? '');
  const [title, setTitle] = useState('');
  const [html, setHtml] = useState(defaultSectionHtml);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chapter || !chapters.some((c) => c.key === chapter)) {
      toast({ title: 'Select a Chapter', description: 'Please select a chapter to add the section to.', variant: 'destructive' });
      return;
    }
    const trimmed = requiredTitle(title, 'section');
    if (trimmed) onAdd(chapter, { title: trimmed, content: html });
  };
  return (
    <AddForm label="Add Section" submitLabel="Add Section" isSaving={isSaving} onSubmit={submit} onCancel={onCancel}>
      <Label htmlFor="toolkit-new-section-chapter">Chapter</Label>
      <select
        id="toolkit-new-section-chapter"
        value={chapter}
        onChange={(e) => setChapter(e.target.value)}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <option value="">Select a chapter</option>
        {chapters.map((c, i) => (
          <option key={c.key} value={c.key}>{`${i + 1}. ${c.title}`}</option>
        ))}
      </select>
      <Label htmlFor="toolkit-new-section-title">Section title</Label>
      <Input id="toolkit-new-section-title" value={title} onChange={(e) => setTitle(e.target.value)} autoFocus maxLength={300} />
      <span className="text-sm font-medium">Section content</span>
      <LazyRichTextEditor
        editorKey="toolkit-new-section"
        content={html}
        onChange={setHtml}
        label="Section content"
        testId="new-section-editor"
      />
    </AddForm>
  );
}
