import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { sourceFiles, sources, textbookSources } from '@server/db/schema';

/** A source the textbook is made from, with its kept bytes (PDFs only); undefined when the book does not use it. */
export function findLinkedSourceFile(db: DbOrTx, textbookId: number, sourceId: number) {
  return db
    .select({ mime: sources.mime, filename: sources.filename, bytes: sourceFiles.bytes })
    .from(textbookSources)
    .innerJoin(sources, eq(sources.id, textbookSources.sourceId))
    .leftJoin(sourceFiles, eq(sourceFiles.sourceId, sources.id))
    .where(and(eq(textbookSources.textbookId, textbookId), eq(textbookSources.sourceId, sourceId)))
    .limit(1)
    .then((rows) => rows[0]);
}
