import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { TextbookContent } from '../../../common/textbook';
import type { DbOrTx } from '../../db/client';
import { collaborators, textbookRevisions, textbookSources, textbookVersions, textbooks, type RevisionManifest } from '../../db/schema';

export type VersionKind = 'created' | 'edit' | 'named' | 'restore' | 'snapshot';

export function insertTextbook(db: DbOrTx, values: { ownerId: number; topic: string; content: TextbookContent }) {
  return db.insert(textbooks).values(values).returning().then((rows) => rows[0]);
}

export function findTextbookById(db: DbOrTx, id: number) {
  return db.select().from(textbooks).where(eq(textbooks.id, id)).limit(1).then((rows) => rows[0]);
}

/** Row lock: concurrent saves of one textbook wait here, so each merges against the one before it. */
export function lockTextbook(db: DbOrTx, id: number) {
  return db.select().from(textbooks).where(eq(textbooks.id, id)).for('update').then((rows) => rows[0]);
}

export function updateTextbook(db: DbOrTx, id: number, values: { content: TextbookContent; topic: string; revision: number }) {
  return db
    .update(textbooks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(textbooks.id, id))
    .returning()
    .then((rows) => rows[0]);
}

export function deleteTextbook(db: DbOrTx, id: number) {
  return db.delete(textbooks).where(eq(textbooks.id, id));
}

/** The textbooks a user owns or collaborates on, newest first. */
export function listTextbooksForUser(db: DbOrTx, userId: number) {
  const shared = db.select({ id: collaborators.textbookId }).from(collaborators).where(eq(collaborators.userId, userId));
  return db
    .select()
    .from(textbooks)
    .where(or(eq(textbooks.ownerId, userId), inArray(textbooks.id, shared)))
    .orderBy(desc(textbooks.createdAt), desc(textbooks.id));
}

export async function linkSources(db: DbOrTx, textbookId: number, sourceIds: number[]) {
  if (!sourceIds.length) return;
  await db
    .insert(textbookSources)
    .values([...new Set(sourceIds)].map((sourceId) => ({ textbookId, sourceId })))
    .onConflictDoNothing();
}

export async function nextVersionNumber(db: DbOrTx, textbookId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${textbookVersions.versionNumber}), 0)` })
    .from(textbookVersions)
    .where(eq(textbookVersions.textbookId, textbookId));
  return Number(row?.max ?? 0) + 1;
}

export async function insertVersion(
  db: DbOrTx,
  values: {
    textbookId: number;
    description: string;
    topic: string;
    content: TextbookContent;
    revision: number;
    createdBy: number | null;
    kind?: VersionKind;
    changes?: string[];
  },
) {
  const versionNumber = await nextVersionNumber(db, values.textbookId);
  return db.insert(textbookVersions).values({ ...values, versionNumber }).returning().then((rows) => rows[0]);
}

/** The newest version without its content (the content can be megabytes; coalescing needs only the header). */
export function findLatestVersionHeader(db: DbOrTx, textbookId: number) {
  return db
    .select({
      id: textbookVersions.id,
      versionNumber: textbookVersions.versionNumber,
      revision: textbookVersions.revision,
      kind: textbookVersions.kind,
      changes: textbookVersions.changes,
      createdBy: textbookVersions.createdBy,
      createdAt: textbookVersions.createdAt,
    })
    .from(textbookVersions)
    .where(eq(textbookVersions.textbookId, textbookId))
    .orderBy(desc(textbookVersions.versionNumber))
    .limit(1)
    .then((rows) => rows[0]);
}

export function updateVersion(
  db: DbOrTx,
  id: number,
  values: { content: TextbookContent; topic: string; revision: number; description: string; changes: string[] },
) {
  return db
    .update(textbookVersions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(textbookVersions.id, id))
    .returning({ id: textbookVersions.id, versionNumber: textbookVersions.versionNumber })
    .then((rows) => rows[0]);
}

export async function insertRevisionManifest(db: DbOrTx, textbookId: number, revision: number, manifest: RevisionManifest) {
  await db.insert(textbookRevisions).values({ textbookId, revision, manifest }).onConflictDoUpdate({
    target: [textbookRevisions.textbookId, textbookRevisions.revision],
    set: { manifest },
  });
}

export function findRevisionManifest(db: DbOrTx, textbookId: number, revision: number) {
  return db
    .select({ manifest: textbookRevisions.manifest })
    .from(textbookRevisions)
    .where(and(eq(textbookRevisions.textbookId, textbookId), eq(textbookRevisions.revision, revision)))
    .limit(1)
    .then((rows) => rows[0]?.manifest);
}

/** A version holding exactly this revision's state: the fallback base when its manifest was pruned. */
export function findVersionContentAtRevision(db: DbOrTx, textbookId: number, revision: number) {
  return db
    .select({ content: textbookVersions.content })
    .from(textbookVersions)
    .where(and(eq(textbookVersions.textbookId, textbookId), eq(textbookVersions.revision, revision)))
    .orderBy(desc(textbookVersions.versionNumber))
    .limit(1)
    .then((rows) => rows[0]?.content);
}

export async function pruneRevisionManifests(db: DbOrTx, textbookId: number, belowRevision: number) {
  await db.delete(textbookRevisions).where(and(eq(textbookRevisions.textbookId, textbookId), lt(textbookRevisions.revision, belowRevision)));
}
