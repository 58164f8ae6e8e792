import type { FormEvent, ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toast-store';

export interface AddFormProps {
  /** The form's accessible name, e.g. 'Add New Chapter'. */
  label: string;
  /** What the submit button says while idle, e.g. 'Add Chapter'. */
  submitLabel: string;
  isSaving: boolean;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** The Add/Edit tab's framed form for a new chapter or section: its fields, then Cancel and the add button. */
export function AddForm({ label, submitLabel, isSaving, onSubmit, onCancel, children }: AddFormProps) {
  return (
    <form
      onSubmit={onSubmit}
      aria-label={label}
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      {children}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Adding...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The title trimmed, or null after telling the user a new chapter or section needs one. */
export function requiredTitle(title: string, what: 'chapter' | 'section'): string | null {
  const trimmed = title.trim();
  if (!trimmed) toast({ title: 'Title Required', description: `Please provide a title for the new ${what}.`, variant: 'destructive' });
  return trimmed || null;
}
