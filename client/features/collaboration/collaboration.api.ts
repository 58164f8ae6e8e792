import type { CollaborationBlock, CollaboratorEntry, UserSearchResult } from '@common/collaborators';
import { apiJson, apiRequest } from '@client/lib/api';

export type { CollaborationBlock, CollaboratorEntry, UserSearchResult };

export const collaboratorsKey = (textbookId: number) => [`/api/textbooks/${textbookId}/collaborators`] as const;

export async function fetchCollaborators(textbookId: number): Promise<CollaboratorEntry[]> {
  const body = await apiJson<CollaboratorEntry[] | { collaborators: CollaboratorEntry[] }>(
    'GET',
    `/api/textbooks/${textbookId}/collaborators`,
  );
  // docs/product.md answers a list; tolerate a wrapped list too.
  return Array.isArray(body) ? body : body.collaborators;
}

export async function addCollaborator(textbookId: number, collaboratorId: number): Promise<void> {
  await apiRequest('POST', `/api/textbooks/${textbookId}/collaborators`, { collaboratorId });
}

/** `block` (leaving a book oneself): its owner may not add the user to any of their books again. */
export async function removeCollaborator(textbookId: number, userId: number, block = false): Promise<void> {
  await apiRequest('DELETE', `/api/textbooks/${textbookId}/collaborators/${userId}${block ? '?block=true' : ''}`);
}

export async function searchUsers(term: string, textbookId?: number): Promise<UserSearchResult[]> {
  const params = new URLSearchParams({ q: term });
  if (textbookId !== undefined) params.set('textbookId', String(textbookId));
  const body = await apiJson<UserSearchResult[] | { users: UserSearchResult[] }>('GET', `/api/users/search?${params.toString()}`);
  return Array.isArray(body) ? body : body.users;
}

export const collaborationBlocksKey = ['/api/collaboration-blocks'] as const;

/** Owners the user left with "block": they cannot add the user to their textbooks. */
export function fetchCollaborationBlocks(): Promise<CollaborationBlock[]> {
  return apiJson<CollaborationBlock[]>('GET', '/api/collaboration-blocks');
}

export async function unblockOwner(ownerId: number): Promise<void> {
  await apiRequest('DELETE', `/api/collaboration-blocks/${ownerId}`);
}
