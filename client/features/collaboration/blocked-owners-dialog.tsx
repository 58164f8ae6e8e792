import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import { collaborationBlocksKey, fetchCollaborationBlocks, unblockOwner, type CollaborationBlock } from './collaboration.api';

/** The owners the user left with "Leave and block", each with a way to let them add the user again. */
export function BlockedOwnersDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const { data: blocks = [], isLoading } = useQuery({ queryKey: collaborationBlocksKey, queryFn: fetchCollaborationBlocks, enabled: open });
  const unblock = useMutation({
    mutationFn: (block: CollaborationBlock) => unblockOwner(block.owner.id),
    onSuccess: async (_void, block) => {
      toast({ title: 'Owner Unblocked', description: `${block.owner.username} can add you to their textbooks again.` });
      await queryClient.invalidateQueries({ queryKey: collaborationBlocksKey });
    },
    onError: (err) => toast({ title: 'Failed to Unblock', description: errorMessage(err), variant: 'destructive' }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Blocked owners</DialogTitle>
          <DialogDescription>
            Owners you left a textbook of with &quot;Leave and block&quot; cannot add you to their textbooks.
          </DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <p className="text-sm text-slate-500">Loading...</p>
        ) : blocks.length === 0 ? (
          <p className="text-sm text-slate-500">You have blocked no one.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {blocks.map((b) => (
              <li
                key={b.owner.id}
                className="flex items-center justify-between rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
              >
                <span>{b.owner.username}</span>
                <Button variant="outline" size="sm" disabled={unblock.isPending} onClick={() => unblock.mutate(b)}>
                  Unblock {b.owner.username}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
