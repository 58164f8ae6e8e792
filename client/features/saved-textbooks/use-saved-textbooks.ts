import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import type { TrashedTextbook } from '@common/textbooks-api';
import {
  deleteTextbook,
  deleteTextbookForever,
  fetchTextbooks,
  fetchTrash,
  restoreTextbook,
  textbooksListKey,
  trashKey,
  type TextbookListItem,
} from '../textbook/textbook.api';

/** The list query with the docs/product.md error toast. */
export function useSavedTextbooks() {
  const query = useQuery<TextbookListItem[], Error>({ queryKey: textbooksListKey, queryFn: fetchTextbooks });
  const { error } = query;
  useEffect(() => {
    if (error)
      toast({ title: 'Error Loading Textbooks', description: errorMessage(error, 'Unknown error occurred'), variant: 'destructive' });
  }, [error]);
  return query;
}

/** Delete with the docs/product.md toasts; the list is refetched afterwards either way. */
export function useDeleteTextbook() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: deleteTextbook,
    onSuccess: () => toast({ title: 'Textbook deleted', description: 'The textbook has been successfully deleted.' }),
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to delete textbook'), variant: 'destructive' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: textbooksListKey });
      void queryClient.invalidateQueries({ queryKey: trashKey });
    },
  });
}

/** The owner's trash: deleted books, restorable for 30 days. */
export function useTrash() {
  return useQuery<TrashedTextbook[], Error>({ queryKey: trashKey, queryFn: fetchTrash });
}

export function useRestoreTextbook() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, TrashedTextbook>({
    mutationFn: (book) => restoreTextbook(book.id),
    onSuccess: (_data, book) => toast({ title: 'Textbook Restored', description: `"${book.topic}" is back in My Textbooks.` }),
    onError: (err) =>
      toast({ title: 'Restore Failed', description: errorMessage(err, 'Could not restore the textbook.'), variant: 'destructive' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: textbooksListKey });
      void queryClient.invalidateQueries({ queryKey: trashKey });
    },
  });
}

export function useDeleteForever() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, TrashedTextbook>({
    mutationFn: (book) => deleteTextbookForever(book.id),
    onSuccess: (_data, book) => toast({ title: 'Deleted for Good', description: `"${book.topic}" can no longer be restored.` }),
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to delete textbook'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKey }),
  });
}
