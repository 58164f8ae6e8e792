import { AlertCircle, BookPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, Spinner } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { errorMessage } from '@client/lib/api';
import { TextbookCard } from './textbook-card';
import { TrashSection } from './trash-section';
import { useDeleteTextbook, useSavedTextbooks } from './use-saved-textbooks';

export function SavedTextbooksList() {
  const { data, isLoading, error } = useSavedTextbooks();
  const deleteMutation = useDeleteTextbook();
  // Clicking delete stores the id; confirming sends the delete and clears it.
  const [pendingDeleteId, setPendingDeleteId] = useState<number | null>(null);
  const pending = data?.find((t) => t.id === pendingDeleteId);

  if (isLoading) {
    return (
      <div className="flex flex-col items-center justify-center gap-3 py-16">
        <Spinner />
        <p className="text-slate-600 dark:text-slate-300">Loading your textbooks...</p>
      </div>
    );
  }
  if (error) {
    return (
      <Card className="border-red-300 dark:border-red-800">
        <CardContent className="flex items-start gap-3 pt-6">
          <AlertCircle className="h-6 w-6 shrink-0 text-red-600" aria-hidden />
          <div>
            <h2 className="text-lg font-semibold">Error Loading Textbooks</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{errorMessage(error, 'Unknown error occurred')}</p>
          </div>
        </CardContent>
      </Card>
    );
  }
  if (!data || data.length === 0) {
    return (
      <>
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-16 text-center">
            <BookPlus className="h-12 w-12 text-indigo-500" aria-hidden />
            <h2 className="text-xl font-semibold">No Textbooks Yet</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">Generate your first textbook from your course materials.</p>
            <Link
              href="/"
              className="inline-flex h-10 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700"
            >
              Create a Textbook
            </Link>
          </CardContent>
        </Card>
        <TrashSection />
      </>
    );
  }
  return (
    <>
      {/* One column of minmax(0, 1fr) on a phone: an implicit auto column grew to the widest card's longest word. */}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.map((t) => (
          <TextbookCard
            key={t.id}
            textbook={t}
            onDelete={setPendingDeleteId}
            isDeleting={deleteMutation.isPending && deleteMutation.variables === t.id}
          />
        ))}
      </div>
      <ConfirmDialog
        open={pendingDeleteId !== null}
        title="Delete Textbook"
        description={`Delete "${pending?.topic ?? 'this textbook'}"? It moves to the Trash below, where you can restore it with its versions for 30 days; after that it is deleted for good.`}
        onOpenChange={(open) => {
          if (!open) setPendingDeleteId(null);
        }}
        onConfirm={() => {
          if (pendingDeleteId !== null) deleteMutation.mutate(pendingDeleteId);
          setPendingDeleteId(null);
        }}
      />
      <TrashSection />
    </>
  );
}
