import { z } from 'zod';

/** Collaboration messages. The server adds revision and error/welcome fields. */
export const activeCollaborator = z.object({ userId: z.number().int(), username: z.string() });
export type ActiveCollaborator = z.infer<typeof activeCollaborator>;

export const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('join'),
    textbookId: z.coerce.number().int(),
    userId: z.number().int().optional(),
    timestamp: z.union([z.string(), z.number()]).optional(),
  }),
  z.object({
    type: z.literal('leave'),
    textbookId: z.coerce.number().int(),
    userId: z.number().int().optional(),
    timestamp: z.union([z.string(), z.number()]).optional(),
  }),
  z.object({
    type: z.literal('edit'),
    textbookId: z.coerce.number().int(),
    userId: z.number().int().optional(),
    content: z.unknown().optional(),
    timestamp: z.union([z.string(), z.number()]).optional(),
  }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export type ServerMessage =
  | { type: 'join' | 'leave'; textbookId: number; userId: number; username: string; timestamp: string }
  | { type: 'collaborators'; textbookId: number; collaborators: ActiveCollaborator[]; timestamp: string }
  | {
      type: 'edit';
      textbookId: number;
      userId: number;
      username: string;
      /** True when the save stored typing from the live document (which the editor shows already). */
      live?: boolean;
      content: unknown;
      revision: number;
      timestamp: string;
    }
  | { type: 'error'; message: string; code: string; timestamp: string };

/** Close codes the server uses when it refuses a socket or a join. */
export const wsCloseCodes = {
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
  badMessage: 4400,
  /** The user already holds the most sockets allowed (20). */
  tooManySockets: 4429,
} as const;
