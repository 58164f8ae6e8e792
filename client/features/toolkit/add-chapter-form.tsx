import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Input, Label } from '@client/components/ui/input';
import { toast } from '@client/components/ui/toast-store';

/** docs/product.md 'Add New Chapter': a title; blank titles are refused. */
export function AddChapterForm({ isSaving, onAdd, onCancel }: { isSaving: boolean; onAdd: (title: string) => void; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      toast({ title: 'Title Required', description: 'Please provide a title for the new chapter.', variant: 'destructive' });
      return;
    }
    onAdd(trimmed);
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Add New Chapter"
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      <Label htmlFor="toolkit-new-chapter-title">Chapter title</Label>
      <Input
        id="toolkit-new-chapter-title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        placeholder="e.g. Thermodynamics"
        autoFocus
        maxLength={300}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Adding...' : 'Add Chapter'}
        </Button>
      </div>
    </form>
  );
}
