import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TrashedTextbook } from '@common/textbooks-api';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { formatCreatedOn } from './textbook-card';
import { useDeleteForever, useRestoreTextbook, useTrash } from './use-saved-textbooks';

/**
 * My Textbooks' Trash: the owner's deleted books, each restorable (with its versions, materials
 * and collaborators) until it is deleted for good 30 days after it was deleted. Shown only when
 * it holds something.
 */
export function TrashSection() {
  const { data } = useTrash();
  const restore = useRestoreTextbook();
  const forever = useDeleteForever();
  const [open, setOpen] = useState(false);
  const [pendingForever, setPendingForever] = useState<TrashedTextbook | null>(null);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="trash-heading" className="mt-10 rounded-lg border border-slate-200 dark:border-slate-800">
      <Collapsible.Root open={open} onOpenChange={setOpen}>
        <h2 id="trash-heading" className="text-lg font-semibold">
          <Collapsible.Trigger className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-900">
            <span className="flex items-center gap-2">
              <Trash2 className="h-5 w-5 text-slate-500" aria-hidden />
              Trash ({data.length})
            </span>
            <ChevronDown className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content className="border-t border-slate-200 px-4 pb-4 dark:border-slate-800">
          <p className="py-3 text-sm text-slate-600 dark:text-slate-300">
            Deleted textbooks stay here for 30 days, with their versions, materials and collaborators. Restore one to bring it back to My
            Textbooks; after 30 days it is deleted for good.
          </p>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.map((book) => (
              <li key={book.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={`trash-item-${book.id}`}>
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere]">{book.topic}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {book.chapterCount} {book.chapterCount === 1 ? 'chapter' : 'chapters'} · deleted on {formatCreatedOn(book.deletedAt)} ·
                    deleted for good on {formatCreatedOn(book.purgeAt)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => restore.mutate(book)}
                    disabled={restore.isPending && restore.variables?.id === book.id}
                    aria-label={`Restore ${book.topic}`}
                  >
                    <RotateCcw className="mr-1 h-4 w-4" aria-hidden /> Restore
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setPendingForever(book)} aria-label={`Delete forever ${book.topic}`}>
                    Delete forever
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Collapsible.Content>
      </Collapsible.Root>
      <ConfirmDialog
        open={pendingForever !== null}
        title="Delete Forever"
        description={`Delete "${pendingForever?.topic ?? 'this textbook'}" for good? It and its versions can no longer be restored.`}
        confirmLabel="Delete forever"
        onOpenChange={(o) => {
          if (!o) setPendingForever(null);
        }}
        onConfirm={() => {
          if (pendingForever) forever.mutate(pendingForever);
          setPendingForever(null);
        }}
      />
    </section>
  );
}
