import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@client/lib/api';
import { fetchTextbook, textbookKey, type TextbookResponse } from './textbook.api';

/** Route ids are whole positive numbers; anything else is 'Invalid Textbook ID'. */
export function parseTextbookId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number.parseInt(raw, 10);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// A copy the page itself fetched this recently (prefetchTextbook, while the session was checked) is not asked for again
// when the page mounts; any later mount refetches, as the query is always stale.
const justFetchedMs = 5_000;

/**
 * The textbook query: docs/product.md gives it 2 retries and makes it always stale. A 4xx answer
 * (gone, forbidden, signed out) cannot change by asking again, so only other failures retry.
 */
export function useTextbook(id: number) {
  return useQuery<TextbookResponse, Error>({
    queryKey: textbookKey(id),
    queryFn: () => fetchTextbook(id),
    staleTime: 0,
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > justFetchedMs,
    retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

/** Opened at a textbook's address: its book is fetched alongside the session check, not after the page renders. */
export function prefetchTextbook(client: QueryClient, rawId: string): void {
  const id = parseTextbookId(rawId);
  if (id === null) return;
  void client.prefetchQuery({ queryKey: textbookKey(id), queryFn: () => fetchTextbook(id), staleTime: 0 });
}
