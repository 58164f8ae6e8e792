import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { collaborators, textbooks } from '@server/db/schema';
import { findLiveTextbook } from './textbook-access.repo';

/**
 * What GET /api/textbooks/{id} needs, in one statement (so revision, content and collaborators
 * belong together): the header, the stored content as its JSON text (unparsed) and the
 * collaborators' ids. Nothing for a book in the trash.
 */
export async function findReadable(db: DbOrTx, id: number) {
  const row = await findLiveTextbook(db, id, {
    contentText: sql<string>`${textbooks.content}::text`,
    collaboratorIds: sql<
      number[] | string
    >`coalesce((select array_agg(${collaborators.userId}) from ${collaborators} where ${collaborators.textbookId} = ${textbooks.id}), '{}')`,
  });
  if (!row) return undefined;
  const { contentText, collaboratorIds, ...header } = row;
  return {
    header: { ...header, createdAt: new Date(header.createdAt), updatedAt: new Date(header.updatedAt) },
    contentText,
    collaboratorIds: intArray(collaboratorIds),
  };
}

/** node-postgres parses int[] into numbers; PGlite may answer the text form '{1,2}'. */
function intArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}
