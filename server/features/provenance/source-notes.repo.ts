import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { sources, textbookSources } from '@server/db/schema';

/** The book's own sources (those linked to it), with their file names and read structure (blocks with pages). */
export function listBookSourceStructures(db: DbOrTx, textbookId: number) {
  return db
    .select({ id: sources.id, filename: sources.filename, structure: sources.structure })
    .from(textbookSources)
    .innerJoin(sources, eq(sources.id, textbookSources.sourceId))
    .where(eq(textbookSources.textbookId, textbookId));
}
