import { z } from 'zod';
import { numericId } from './textbooks-api';

/** Version history. */
export const versionParams = z.object({ id: numericId('Textbook id'), versionId: numericId('Version id') });
export type VersionParams = z.infer<typeof versionParams>;

export interface VersionEntry {
  id: number;
  versionNumber: number;
  createdAt: string;
  updatedAt: string;
  /** What changed and who: 'Edited section "Forces" (by alice)', 'Restored version 4 (by bob)'. */
  description: string;
  topic: string;
  /** The content, or null with contentOmitted in a long list of a big book (GET the version itself). */
  content: unknown;
  contentOmitted?: boolean;
  revision: number;
  createdBy: { id: number; username: string } | null;
}

export interface VersionListResponse {
  versions: VersionEntry[];
}
export interface VersionResponse {
  version: VersionEntry;
}
