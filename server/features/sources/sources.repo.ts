import { nextTurn } from '@server/core/next-turn';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { chunks, images, sourceFiles, sources, textbookSources } from '@server/db/schema';

export function findSourceBySha(db: DbOrTx, ownerId: number, sha256: string) {
  return db
    .select()
    .from(sources)
    .where(and(eq(sources.ownerId, ownerId), eq(sources.sha256, sha256)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Inserts a source; on a concurrent insert of the same file answers undefined (the caller re-reads). */
export function insertSource(
  db: DbOrTx,
  values: { ownerId: number; sha256: string; filename: string; mime: string; byteSize: number; text: string; structure: unknown },
) {
  return (
    db
      .insert(sources)
      .values(values)
      .onConflictDoNothing({ target: [sources.ownerId, sources.sha256] })
      // Only the id comes back: the text and structure just sent would otherwise be read back whole.
      .returning({ id: sources.id })
      .then((rows) => rows[0])
  );
}

/** Chunks per INSERT: one statement stays short enough that other requests are not held up by it. */
const chunkBatch = 100;

export async function insertChunks(
  db: DbOrTx,
  rows: Array<{
    sourceId: number;
    ordinal: number;
    headingPath: string[];
    text: string;
    embedding: number[] | null;
    embeddingModel: string | null;
  }>,
) {
  const ids: Array<{ id: number; ordinal: number }> = [];
  for (let i = 0; i < rows.length; i += chunkBatch) {
    if (i > 0) await nextTurn();
    ids.push(
      ...(await db
        .insert(chunks)
        .values(rows.slice(i, i + chunkBatch))
        .returning({ id: chunks.id, ordinal: chunks.ordinal })),
    );
  }
  return ids;
}

export function listSources(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(sources).where(inArray(sources.id, ids));
}

export function listChunks(db: DbOrTx, sourceIds: number[]) {
  if (sourceIds.length === 0) return Promise.resolve([]);
  return db.select().from(chunks).where(inArray(chunks.sourceId, sourceIds)).orderBy(asc(chunks.sourceId), asc(chunks.ordinal));
}

/** Chunks of a source without a vector of this model, in reading order. */
export function listChunksToEmbed(db: DbOrTx, sourceId: number, model: string) {
  return db
    .select({ id: chunks.id, text: chunks.text, headingPath: chunks.headingPath })
    .from(chunks)
    .where(and(eq(chunks.sourceId, sourceId), sql`(${chunks.embedding} IS NULL OR ${chunks.embeddingModel} IS DISTINCT FROM ${model})`))
    .orderBy(asc(chunks.ordinal));
}

/** Of these sources of the owner: their chunks, and how many have a vector of this model. */
export async function countEmbedded(db: DbOrTx, ownerId: number, sourceIds: number[], model: string) {
  if (sourceIds.length === 0) return { total: 0, embedded: 0 };
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      embedded: sql<number>`(count(*) FILTER (WHERE ${chunks.embedding} IS NOT NULL AND ${chunks.embeddingModel} = ${model}))::int`,
    })
    .from(chunks)
    .innerJoin(sources, eq(sources.id, chunks.sourceId))
    .where(and(inArray(chunks.sourceId, sourceIds), eq(sources.ownerId, ownerId)));
  return { total: Number(row?.total ?? 0), embedded: Number(row?.embedded ?? 0) };
}

/** Stores the vectors of several chunks in one statement (one round trip, however many chunks). */
export async function updateChunkEmbeddings(db: DbOrTx, rows: Array<{ id: number; embedding: number[] }>, embeddingModel: string) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${`[${r.embedding.join(',')}]`}::vector)`),
    sql`, `,
  );
  await db.execute(
    sql`UPDATE chunks SET embedding = v.e, embedding_model = ${embeddingModel} FROM (VALUES ${values}) AS v(id, e) WHERE chunks.id = v.id`,
  );
}

export function listTextbookSourceIds(db: DbOrTx, textbookId: number) {
  return db
    .select({ sourceId: textbookSources.sourceId })
    .from(textbookSources)
    .where(eq(textbookSources.textbookId, textbookId))
    .orderBy(asc(textbookSources.sourceId))
    .then((rows) => rows.map((r) => r.sourceId));
}

/** Pictures read out of sources: stored once per source and picture. */
export async function insertSourceImages(
  db: DbOrTx,
  ownerId: number,
  sourceId: number,
  pictures: Array<{ sha256: string; mime: string; data: Uint8Array }>,
) {
  for (const p of pictures) {
    const found = await db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.sourceId, sourceId), eq(images.sha256, p.sha256)))
      .limit(1);
    if (found.length) continue;
    const bytes = Buffer.from(p.data.buffer, p.data.byteOffset, p.data.byteLength);
    await db.insert(images).values({
      ownerId,
      sourceId,
      mime: p.mime,
      sha256: p.sha256,
      bytes: sql`decode(${bytes.toString('base64')}::text, 'base64')`,
      byteSize: bytes.length,
    });
  }
}

/** sha256 -> image id of the pictures of these sources. */
export function listSourceImageIds(db: DbOrTx, sourceIds: number[]) {
  if (sourceIds.length === 0) return Promise.resolve([]);
  return db.select({ id: images.id, sha256: images.sha256 }).from(images).where(inArray(images.sourceId, sourceIds));
}

/** Keeps the bytes of a PDF source (for its page pictures), unless they are kept already. */
export async function keepSourceFile(db: DbOrTx, sourceId: number, bytes: Uint8Array): Promise<void> {
  const kept = await db.select({ id: sourceFiles.sourceId }).from(sourceFiles).where(eq(sourceFiles.sourceId, sourceId)).limit(1);
  if (kept.length) return;
  await db
    .insert(sourceFiles)
    .values({ sourceId, bytes: Buffer.from(bytes) })
    .onConflictDoNothing();
}
