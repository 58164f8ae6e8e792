import { z } from 'zod';
import { textbookDetail } from './textbook';
import { numericId } from './textbooks-api';

/** Version history. */
export const versionParams = z.object({ id: numericId('Textbook id'), versionId: numericId('Version id') });
export type VersionParams = z.infer<typeof versionParams>;

export const versionEntry = z.object({
  id: z.number().int(),
  versionNumber: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What changed and who: 'Edited section "Forces" (by alice)', 'Restored version 4 (by bob)'. */
  description: z.string(),
  topic: z.string(),
  /** The content, or null with contentOmitted in a long list of a big book (GET the version itself). */
  content: z.unknown().describe('The textbook content as stored ({title, chapters, references}), or null with contentOmitted'),
  contentOmitted: z.boolean().optional(),
  revision: z.number().int(),
  createdBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type VersionEntry = z.infer<typeof versionEntry>;

export const versionListResponse = z.object({ versions: z.array(versionEntry) });
export type VersionListResponse = z.infer<typeof versionListResponse>;
export const versionResponse = z.object({ version: versionEntry });
export type VersionResponse = z.infer<typeof versionResponse>;

/** POST .../versions/{versionId}/restore: the textbook as restored, which version it came from and the version the restore made. */
export const restoreVersionResponse = textbookDetail.extend({
  restoredVersion: z.number().int(),
  versionNumber: z.number().int().nullable(),
});
export type RestoreVersionResponse = z.infer<typeof restoreVersionResponse>;
