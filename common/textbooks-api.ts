import { z } from 'zod';

/**
 * Requests of the textbooks API, the trash and the save conflict. Textbook answers use
 * textbookListResponse and textbookDetail from common/textbook.ts.
 */

/** Route ids are numeric. */
export const numericId = (what: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${what} must be a number`)
    .transform(Number)
    .refine((n) => n > 0, `${what} must be a number`);

export const textbookIdParams = z.object({ id: numericId('Textbook id') });
export type TextbookIdParams = z.infer<typeof textbookIdParams>;

/** PATCH /api/textbooks/{id}: the whole content (object or JSON string); baseRevision lets the server merge. */
export const patchTextbookBody = z.object(
  {
    content: z.unknown().refine((v) => v !== undefined && v !== null, 'content is required'),
    baseRevision: z
      .number({ error: 'baseRevision must be a whole number' })
      .int('baseRevision must be a whole number')
      .positive()
      .optional(),
    topic: z.string().trim().min(1, 'topic may not be empty').max(300, 'topic must be at most 300 characters').optional(),
    /** What the change was, when the client knows better than a diff ("Reordered chapters"). */
    description: z.string().trim().min(1).max(300, 'description must be at most 300 characters').optional(),
    /**
     * 'changes': answer with `content` only when the stored content differs from the one sent
     * (merged with others' edits, ids given, text sanitized); without it the sender's copy is
     * exactly what was stored, and a 5 MB book is not sent back on every autosave.
     * 'full' (the default): always the content.
     */
    echo: z.enum(['full', 'changes'], { error: "echo must be 'full' or 'changes'" }).optional(),
  },
  { error: 'Expected a JSON object with content' },
);
export type PatchTextbookBody = z.infer<typeof patchTextbookBody>;

/** One part of the book changed on both sides of a merge (or changed on one side, deleted on the other). */
export const mergeConflict = z.object({
  chapterId: z.string(),
  sectionId: z.string().optional(),
  /** The title the user knows the part by (the stored one when it still exists, else the sent one). */
  title: z.string(),
  kind: z.enum(['both-edited', 'edited-and-deleted']),
});
export type MergeConflict = z.infer<typeof mergeConflict>;

/**
 * The body of a 409 from a save (PATCH /api/textbooks/{id} and every tool that saves through the
 * same path): the stored content and revision, and which parts collided (empty when the base
 * revision is too old to merge against at all).
 */
export const saveConflictBody = z.object({
  message: z.string(),
  code: z.literal('CONFLICT'),
  content: z.unknown(),
  revision: z.number().int(),
  conflicts: z.array(mergeConflict),
});
export type SaveConflictBody = z.infer<typeof saveConflictBody>;
/** What the save path adds to {message, code} when it refuses a save. */
export type SaveConflictDetails = Omit<SaveConflictBody, 'message' | 'code'>;

/** GET /api/textbooks/trash: the owner's deleted books, restorable until purgeAt (30 days after deletedAt). */
export const trashedTextbook = z.object({
  id: z.number().int(),
  topic: z.string(),
  createdAt: z.string(),
  deletedAt: z.string(),
  purgeAt: z.string(),
  chapterCount: z.number().int(),
});
export type TrashedTextbook = z.infer<typeof trashedTextbook>;
export const trashListResponse = z.object({ textbooks: z.array(trashedTextbook) });
