import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { textbooks } from '../db/schema';

/** A book's stored content and revision: what the hub fans out after a save (receivers never trust an event's payload for content) and what the reader link shows. */
export function findTextbookSnapshot(db: DbOrTx, textbookId: number) {
  return db
    .select({ content: textbooks.content, revision: textbooks.revision })
    .from(textbooks)
    .where(eq(textbooks.id, textbookId))
    .limit(1)
    .then((rows) => rows[0]);
}
