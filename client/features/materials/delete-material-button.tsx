import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import type { EducationalMaterial } from '../materials-viewer/educational-material';
import { educationalContentRemovedEvent, type EducationalContentRemovedDetail } from '../materials-viewer/use-educational-materials';
import { deleteMaterial, materialsKey } from './materials.api';

/** Deletes a material: from the server when it is stored there, and from this browser's copy. */
export function DeleteMaterialButton({ textbookId, material }: { textbookId: number; material: EducationalMaterial }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async () => {
      if (typeof material.id === 'number') await deleteMaterial(textbookId, material.id);
    },
    onSuccess: () => {
      const detail: EducationalContentRemovedDetail = { textbookId, title: material.title, contentType: material.contentType };
      window.dispatchEvent(new CustomEvent(educationalContentRemovedEvent, { detail }));
      void queryClient.invalidateQueries({ queryKey: materialsKey(textbookId) });
      toast({ title: 'Material Deleted', description: `"${material.title}" was removed from Educational Materials.` });
    },
    onError: (err) =>
      toast({ title: 'Error', description: errorMessage(err, 'Failed to delete the material. Please try again.'), variant: 'destructive' }),
  });
  return (
    <>
      <Button variant="outline" size="sm" className="no-print" disabled={remove.isPending} onClick={() => setIsConfirming(true)}>
        <Trash2 className="h-4 w-4" aria-hidden /> {remove.isPending ? 'Deleting...' : 'Delete'}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Delete material"
        description={`Are you sure you want to delete "${material.title}"? This action cannot be undone.`}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
