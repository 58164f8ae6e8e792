import { useState, type FormEvent } from 'react';
import { Input, Label } from '@client/components/ui/input';
import { AddForm, requiredTitle } from './add-form';

/** docs/product.md 'Add New Chapter': a title; blank titles are refused. */
export function AddChapterForm({ isSaving, onAdd, onCancel }: { isSaving: boolean; onAdd: (title: string) => void; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = requiredTitle(title, 'chapter');
    if (trimmed) onAdd(trimmed);
  };
  return (
    <AddForm label="Add New Chapter" submitLabel="Add Chapter" isSaving={isSaving} onSubmit={submit} onCancel={onCancel}>
      <Label htmlFor="toolkit-new-chapter-title">Chapter title</Label>
      <Input
        id="toolkit-new-chapter-title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        placeholder="e.g. Thermodynamics"
        autoFocus
        maxLength={300}
      />
    </AddForm>
  );
}
