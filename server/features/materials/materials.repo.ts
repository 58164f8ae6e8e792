import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { materials, textbooks } from '@server/db/schema';

export function listMaterials(db: DbOrTx, textbookId: number) {
  return db.select().from(materials).where(eq(materials.textbookId, textbookId)).orderBy(asc(materials.createdAt), asc(materials.id));
}

export function insertMaterial(
  db: DbOrTx,
  values: {
    textbookId: number;
    contentType: string;
    title: string;
    description: string;
    chapterTitle: string | null;
    chapterIndex: number | null;
    body: unknown;
    createdBy: number;
  },
) {
  return db
    .insert(materials)
    .values(values)
    .returning()
    .then((rows) => rows[0]);
}

/**
 * docs/product.md merges items by title plus contentType: a regenerated material replaces the one before it. One made
 * for the same chapter replaces it too, so a renamed material (a chapter now combined with its neighbours, or no
 * longer) is replaced, not kept beside the new one.
 */
export function deleteMaterialsNamed(db: DbOrTx, textbookId: number, contentType: string, title: string, chapterIndex?: number) {
  const same =
    chapterIndex === undefined ? eq(materials.title, title) : or(eq(materials.title, title), eq(materials.chapterIndex, chapterIndex));
  return db.delete(materials).where(and(eq(materials.textbookId, textbookId), eq(materials.contentType, contentType), same));
}

export function deleteMaterial(db: DbOrTx, textbookId: number, materialId: number) {
  return db
    .delete(materials)
    .where(and(eq(materials.textbookId, textbookId), eq(materials.id, materialId)))
    .returning({ id: materials.id })
    .then((rows) => rows[0]);
}

export function findMaterial(db: DbOrTx, textbookId: number, materialId: number) {
  return db
    .select()
    .from(materials)
    .where(and(eq(materials.textbookId, textbookId), eq(materials.id, materialId)))
    .then((rows) => rows[0]);
}

/** The book's language tag as stored in its content, without reading the whole book. */
export function findTextbookLanguage(db: DbOrTx, textbookId: number) {
  return db
    .select({ language: sql<string | null>`${textbooks.content}->>'language'` })
    .from(textbooks)
    .where(eq(textbooks.id, textbookId))
    .limit(1)
    .then((rows) => rows[0]?.language ?? null);
}
