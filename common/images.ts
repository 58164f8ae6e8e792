import { z } from 'zod';

/** POST /api/images/upload: where the stored picture is served from (`dataUrl`, kept under the spec's name), its id and type. */
export const imageUploadResponse = z.object({
  dataUrl: z.string(),
  id: z.number().int(),
  mime: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;
