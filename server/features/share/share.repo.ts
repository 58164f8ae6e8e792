import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { images, materials, shareLinks, textbookSources, textbooks } from '@server/db/schema';

export function findShareLink(db: DbOrTx, textbookId: number) {
  return db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.textbookId, textbookId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** A link to a book in its owner's trash reads nothing (404) until the book is restored. */
export function findShareLinkByHash(db: DbOrTx, tokenHash: string) {
  return db
    .select({ textbookId: shareLinks.textbookId, materialTypes: shareLinks.materialTypes, sourceNotes: shareLinks.sourceNotes })
    .from(shareLinks)
    .innerJoin(textbooks, eq(textbooks.id, shareLinks.textbookId))
    .where(and(eq(shareLinks.tokenHash, tokenHash), isNull(textbooks.deletedAt)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** One link per textbook: a new token replaces the old one in the same row, so the old one dies with the commit. */
export function upsertShareLink(
  db: DbOrTx,
  values: { textbookId: number; tokenHash: string; materialTypes: string[]; sourceNotes: boolean; createdBy: number },
) {
  return db
    .insert(shareLinks)
    .values(values)
    .onConflictDoUpdate({
      target: shareLinks.textbookId,
      set: {
        tokenHash: values.tokenHash,
        materialTypes: values.materialTypes,
        sourceNotes: values.sourceNotes,
        createdBy: values.createdBy,
        createdAt: sql`now()`,
      },
    })
    .returning()
    .then((rows) => rows[0]);
}

export function updateShareChoices(db: DbOrTx, textbookId: number, choices: { materialTypes?: string[]; sourceNotes?: boolean }) {
  return db
    .update(shareLinks)
    .set(choices)
    .where(eq(shareLinks.textbookId, textbookId))
    .returning()
    .then((rows) => rows[0]);
}

export function deleteShareLink(db: DbOrTx, textbookId: number) {
  return db
    .delete(shareLinks)
    .where(eq(shareLinks.textbookId, textbookId))
    .returning({ textbookId: shareLinks.textbookId })
    .then((rows) => rows[0]);
}

/** The book's header: what the reader's answer needs besides the content (which can be 5 MB). */
export function findSharedTextbookHeader(db: DbOrTx, textbookId: number) {
  return db
    .select({ topic: textbooks.topic, revision: textbooks.revision, updatedAt: textbooks.updatedAt })
    .from(textbooks)
    .where(eq(textbooks.id, textbookId))
    .limit(1)
    .then((rows) => rows[0]);
}

export function listSharedMaterials(db: DbOrTx, textbookId: number, contentTypes: string[]) {
  if (contentTypes.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(materials)
    .where(and(eq(materials.textbookId, textbookId), inArray(materials.contentType, contentTypes)))
    .orderBy(materials.createdAt, materials.id);
}

/** An image of the book: uploaded into it, or a picture of a source it was made from (its type and hash, no bytes). */
export function findBookImageMeta(db: DbOrTx, textbookId: number, imageId: number) {
  return db
    .select({ mime: images.mime, sha256: images.sha256 })
    .from(images)
    .where(
      and(
        eq(images.id, imageId),
        sql`(${images.textbookId} = ${textbookId} or ${images.sourceId} in (select ${textbookSources.sourceId} from ${textbookSources} where ${textbookSources.textbookId} = ${textbookId}))`,
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}

// As base64 text: PGlite moves a bytea result byte by byte in JavaScript (see images.repo.ts).
export function findImageBytes(db: DbOrTx, imageId: number) {
  return db
    .select({ base64: sql<string>`encode(${images.bytes}, 'base64')` })
    .from(images)
    .where(eq(images.id, imageId))
    .limit(1)
    .then((rows) => (rows[0] ? Buffer.from(rows[0].base64, 'base64') : undefined));
}
