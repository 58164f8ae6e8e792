import type { PublicUser } from '@common/auth';
import type { UserSearchResult } from '@common/collaborators';
import { limits } from '@common/limits';
import type { Db } from '@server/db/client';
import { requireTextbookRole } from '../textbooks/textbooks.policy';
import * as repo from './users.repo';

/**
 * User search for adding collaborators. With a textbook, the caller
 * must be able to see it (else 404), and its owner and collaborators are left out.
 */
export async function searchUsers(db: Db, user: PublicUser, term: string, textbookId?: number): Promise<UserSearchResult[]> {
  const textbook = textbookId === undefined ? undefined : (await requireTextbookRole(db, textbookId, user, 'read')).textbook;
  return repo.searchUsers(db, {
    term,
    callerId: user.id,
    limit: limits.userSearchMaxResults,
    textbook: textbook && { id: textbook.id, ownerId: textbook.ownerId },
  });
}
