import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@client/components/ui/button';

export interface EditDeleteButtonsProps {
  /** Accessible names, e.g. 'Rename chapter "Forces"' and 'Delete chapter "Forces"'. */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** A chapter's or section's two icon buttons: a pencil that opens its editing and a red bin that deletes it. */
export function EditDeleteButtons({ editLabel, deleteLabel, onEdit, onDelete }: EditDeleteButtonsProps) {
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={editLabel} onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={deleteLabel} onClick={onDelete} className="text-red-600 hover:text-red-700">
        <Trash2 className="h-4 w-4" aria-hidden />
      </Button>
    </>
  );
}
