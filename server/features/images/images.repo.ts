import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { images, textbookSources } from '@server/db/schema';

export function findImageMeta(db: DbOrTx, id: number) {
  return db
    .select({
      id: images.id,
      textbookId: images.textbookId,
      sourceId: images.sourceId,
      ownerId: images.ownerId,
      mime: images.mime,
      sha256: images.sha256,
      byteSize: images.byteSize,
    })
    .from(images)
    .where(eq(images.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

// Bytes cross the driver as base64 text: PGlite moves a 5 MB bytea parameter or result
// byte by byte in JavaScript (over a second of CPU), base64 text in a few tens of milliseconds.

export function findImageBytes(db: DbOrTx, id: number) {
  return db
    .select({ base64: sql<string>`encode(${images.bytes}, 'base64')` })
    .from(images)
    .where(eq(images.id, id))
    .limit(1)
    .then((rows) => (rows[0] ? Buffer.from(rows[0].base64, 'base64') : undefined));
}

/** The same picture inserted twice into one textbook is stored once. */
export function findImageByHash(db: DbOrTx, textbookId: number, sha256: string) {
  return db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.textbookId, textbookId), eq(images.sha256, sha256)))
    .limit(1)
    .then((rows) => rows[0]);
}

export function insertImage(db: DbOrTx, values: { textbookId: number; ownerId: number; mime: string; bytes: Buffer; sha256: string }) {
  return db
    .insert(images)
    .values({ ...values, bytes: sql`decode(${values.bytes.toString('base64')}::text, 'base64')`, byteSize: values.bytes.length })
    .returning({ id: images.id })
    .then((rows) => rows[0]);
}

/** The textbooks made from a source (a picture of the source is visible to their readers). */
export function listTextbooksOfSource(db: DbOrTx, sourceId: number) {
  return db
    .select({ textbookId: textbookSources.textbookId })
    .from(textbookSources)
    .where(eq(textbookSources.sourceId, sourceId))
    .then((rows) => rows.map((r) => r.textbookId));
}
