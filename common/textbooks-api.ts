import { z } from 'zod';

/**
 * Requests of the textbooks API. Responses use textbookSummary and
 * textbookDetail from common/textbook.ts.
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

/** The body of a 409 from PATCH: the stored content and revision, and which parts collided. */
export interface SaveConflictBody {
  message: string;
  code: 'CONFLICT';
  content: unknown;
  revision: number;
  conflicts: Array<{ chapterId: string; sectionId?: string; title: string; kind: 'both-edited' | 'edited-and-deleted' }>;
}

/** GET /api/textbooks/trash: the owner's deleted books, restorable until purgeAt (30 days after deletedAt). */
export interface TrashedTextbook {
  id: number;
  topic: string;
  createdAt: string;
  deletedAt: string;
  purgeAt: string;
  chapterCount: number;
}
