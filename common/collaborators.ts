import { z } from 'zod';
import { limits } from './limits';
import { numericId } from './textbooks-api';

/** Collaborators and user search. */
export const collaboratorParams = z.object({ id: numericId('Textbook id'), userId: numericId('User id') });

export const addCollaboratorBody = z.object(
  {
    collaboratorId: z
      .union([z.number(), z.string().max(20, 'collaboratorId must be a user id').regex(/^\d+$/, 'collaboratorId must be a user id')], {
        error: 'collaboratorId must be a user id',
      })
      .transform(Number)
      .pipe(z.number().int('collaboratorId must be a user id').positive('collaboratorId must be a user id')),
  },
  { error: 'Expected a JSON object with collaboratorId' },
);
export type AddCollaboratorBody = z.infer<typeof addCollaboratorBody>;

export const userRef = z.object({ id: z.number().int(), username: z.string() });

/** One entry of GET .../collaborators (and the answer of POST): the owner comes first with role 'owner'; clients read user {id, username}. */
export const collaboratorEntry = z.object({
  user: userRef,
  userId: z.number().int(),
  textbookId: z.number().int(),
  role: z.enum(['owner', 'collaborator']),
  createdAt: z.string(),
});
export type CollaboratorEntry = z.infer<typeof collaboratorEntry>;
export const collaboratorListResponse = z.array(collaboratorEntry);

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

/** GET /api/users/search: {id, username} only; nothing else about a user leaves the server. */
export const userSearchResponse = z.array(userRef);
export type UserSearchResult = z.infer<typeof userRef>;

/** DELETE .../collaborators/{userId}?block=true: a collaborator leaving also stops the owner adding them again. */
export const removeCollaboratorQuery = z.object({
  block: z.enum(['true', 'false'], { error: 'block must be true or false' }).optional(),
});

/** GET /api/collaboration-blocks: the owners the signed-in user left with "block", newest last. */
export const collaborationBlock = z.object({ owner: userRef, createdAt: z.string() });
export const collaborationBlockList = z.array(collaborationBlock);
export type CollaborationBlock = z.infer<typeof collaborationBlock>;
export const ownerIdParams = z.object({ ownerId: numericId('Owner id') });

export const blockedByUserMessage = (username: string) =>
  `${username} has asked not to be added to your textbooks again. Only they can undo that.`;
