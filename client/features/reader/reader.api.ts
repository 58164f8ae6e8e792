import type { SharedBook } from '@common/share';
import { apiJson } from '@client/lib/api';

export type { SharedBook };

export const sharedBookKey = (token: string) => ['shared-book', token] as const;

/**
 * The book behind a reader link. Sent without cookies: the page shows exactly what a student
 * sees, even to its owner, and nothing here depends on an account.
 */
export function fetchSharedBook(token: string): Promise<SharedBook> {
  return apiJson<SharedBook>('GET', `/api/shared/${encodeURIComponent(token)}`, undefined, { credentials: 'omit' });
}
