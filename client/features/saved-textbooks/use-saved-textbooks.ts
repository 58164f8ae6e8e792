import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/api';
import { deleteTextbook, fetchTextbooks, textbooksListKey, type TextbookListItem } from '../textbook/textbook.api';

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: textbooksListKey }),
  });
}
