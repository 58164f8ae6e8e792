import { z } from 'zod';

const textbookIdRequired = 'textbookId is required. Save the textbook before adding images.';

/** POST /api/images/upload: the text field next to the `file` part. */
export const imageUploadFields = z.object({
  textbookId: z
    .string({ error: textbookIdRequired })
    .trim()
    .min(1, textbookIdRequired)
    .max(20, 'textbookId must be a number')
    .regex(/^\d{1,9}$/, 'textbookId must be a number')
    .transform(Number)
    .refine((n) => n > 0, 'textbookId must be a number'),
});

/** POST /api/images/upload: where the stored picture is served from (`dataUrl`, the name clients read), its id and type. */
export const imageUploadResponse = z.object({
  dataUrl: z.string(),
  id: z.number().int(),
  mime: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;
