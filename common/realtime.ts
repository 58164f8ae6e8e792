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

const textbookId = z.number().int();
const userId = z.number().int();

/**
 * What the server sends on /ws, parsed by the client with this schema. A message of another
 * type is ignored (docs/product.md, "A textbook"); one of these types with a wrong shape is dropped.
 */
export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['join', 'leave']), textbookId, userId, username: z.string(), timestamp: z.string() }),
  z.object({ type: z.literal('collaborators'), textbookId, collaborators: z.array(activeCollaborator), timestamp: z.string() }),
  z.object({
    type: z.literal('edit'),
    textbookId,
    userId,
    username: z.string(),
    /** True when the save stored typing from the live document (which the editor shows already). */
    live: z.boolean().optional(),
    content: z.unknown().refine((v): boolean => v !== undefined, 'content is required'),
    revision: z.number().int(),
    timestamp: z.string(),
  }),
  z.object({ type: z.literal('error'), message: z.string(), code: z.string(), timestamp: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
export const serverMessageTypes = ['join', 'leave', 'collaborators', 'edit', 'error'] as const;

/** Close codes the server uses when it refuses a socket or a join. */
export const wsCloseCodes = {
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
  badMessage: 4400,
  /** The user already holds the most sockets allowed (20). */
  tooManySockets: 4429,
} as const;
