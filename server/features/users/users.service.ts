import type { UserSearchResult } from '@common/collaborators';
import { limits } from '@common/limits';
import type { RequestContext } from '@server/features/request-context';
import { requireTextbookRole } from '../textbooks/textbooks.policy';
import * as repo from './users.repo';

/**
 * User search for adding collaborators. With a textbook, the caller
 * must be able to see it (else 404), and its owner and collaborators are left out.
 */
export async function searchUsers(ctx: RequestContext, term: string, textbookId?: number): Promise<UserSearchResult[]> {
  const { db, user } = ctx;
  const textbook = textbookId === undefined ? undefined : (await requireTextbookRole(db, textbookId, user, 'read')).textbook;
  return repo.searchUsers(db, {
    term,
    callerId: user.id,
    limit: limits.userSearchMaxResults,
    textbook: textbook && { id: textbook.id, ownerId: textbook.ownerId },
  });
}
