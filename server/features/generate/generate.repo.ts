import type { Reference } from '@common/textbook';
import type { DbOrTx } from '@server/db/client';
import { textbookReferences } from '@server/db/schema';

/** The approved references of a new textbook as rows too (kept in the content and as rows). */
export async function insertTextbookReferences(db: DbOrTx, textbookId: number, references: Reference[]): Promise<void> {
  if (references.length === 0) return;
  await db.insert(textbookReferences).values(
    references.map((r) => ({
      textbookId,
      provider: r.source ?? 'approved',
      externalId: r.key ?? null,
      doi: r.doi ?? null,
      fields: { ...r },
      approved: true,
    })),
  );
}
