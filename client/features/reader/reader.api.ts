import type { SharedBook } from '@common/share';
import { throwIfResNotOk } from '@client/lib/api';

export type { SharedBook };

export const sharedBookKey = (token: string) => ['shared-book', token] as const;

/**
 * The book behind a reader link. Sent without cookies: the page shows exactly what a student
 * sees, even to its owner, and nothing here depends on an account.
 */
export async function fetchSharedBook(token: string): Promise<SharedBook> {
  const res = await fetch(`/api/shared/${encodeURIComponent(token)}`, { credentials: 'omit' });
  await throwIfResNotOk(res);
  return (await res.json()) as SharedBook;
}
