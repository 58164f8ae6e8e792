import { z } from 'zod';
import { limits } from './limits';
import { numericId } from './textbooks-api';

/** Collaborators and user search. */
export const collaboratorParams = z.object({ id: numericId('Textbook id'), userId: numericId('User id') });

export const addCollaboratorBody = z.object(
  {
    collaboratorId: z
      .union([z.number(), z.string().regex(/^\d+$/, 'collaboratorId must be a user id')], {
        error: 'collaboratorId must be a user id',
      })
      .transform(Number)
      .pipe(z.number().int('collaboratorId must be a user id').positive('collaboratorId must be a user id')),
  },
  { error: 'Expected a JSON object with collaboratorId' },
);
export type AddCollaboratorBody = z.infer<typeof addCollaboratorBody>;

/** One entry of GET .../collaborators: the owner comes first with role 'owner'; the spec reads user {id, username}. */
export interface CollaboratorEntry {
  user: { id: number; username: string };
  userId: number;
  textbookId: number;
  role: 'owner' | 'collaborator';
  createdAt: string;
}

export const userSearchTooShort = 'Please enter at least 2 characters to search.';

export const userSearchQuery = z.object({
  q: z
    .string({ error: userSearchTooShort })
    .trim()
    .min(limits.userSearchMin, userSearchTooShort)
    .max(limits.usernameMax, `Search terms are at most ${limits.usernameMax} characters`),
  textbookId: numericId('Textbook id').optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

export interface UserSearchResult {
  id: number;
  username: string;
}
