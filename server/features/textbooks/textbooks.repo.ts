import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { outlineSummaryOf, type TextbookContent } from '@common/textbook';
import type { DbOrTx } from '@server/db/client';
import {
  collaborators,
  sources,
  textbookRevisions,
  textbookSources,
  textbookVersions,
  textbooks,
  type RevisionDelta,
} from '@server/db/schema';
import { textbookHeaderColumns } from './textbook-access.repo';

export type VersionKind = 'created' | 'edit' | 'named' | 'restore' | 'snapshot';

export function insertTextbook(db: DbOrTx, values: { ownerId: number; topic: string; content: TextbookContent }) {
  return db
    .insert(textbooks)
    .values({ ...values, summary: outlineSummaryOf(values.content) })
    .returning()
    .then((rows) => rows[0]);
}

/** The header and the trash date (not the content, which can be megabytes). */
const headerColumns = { ...textbookHeaderColumns, deletedAt: textbooks.deletedAt };

/**
 * Row lock: concurrent saves of one textbook wait here, so each merges against the one before it.
 * Without the content: the save path usually holds that revision's content already (textbook-state-cache).
 */
export function lockTextbook(db: DbOrTx, id: number) {
  return db
    .select(headerColumns)
    .from(textbooks)
    .where(eq(textbooks.id, id))
    .for('update')
    .then((rows) => rows[0]);
}

export function findTextbookContent(db: DbOrTx, id: number) {
  return db
    .select({ content: textbooks.content })
    .from(textbooks)
    .where(eq(textbooks.id, id))
    .then((rows) => rows[0]?.content);
}

/** Returns the header only: the caller has the content it just wrote. */
export function updateTextbook(db: DbOrTx, id: number, values: { content: TextbookContent; topic: string; revision: number }) {
  return db
    .update(textbooks)
    .set({ ...values, summary: outlineSummaryOf(values.content), updatedAt: new Date() })
    .where(eq(textbooks.id, id))
    .returning(headerColumns)
    .then((rows) => rows[0]);
}

/** Deletes for good (versions, collaborators, images and links go with it: ON DELETE CASCADE). */
export function deleteTextbook(db: DbOrTx, id: number) {
  return db.delete(textbooks).where(eq(textbooks.id, id));
}

/** The textbooks a user owns or collaborates on, newest first; not those in the trash. The summary, never the content. */
export function listTextbooksForUser(db: DbOrTx, userId: number) {
  const shared = db.select({ id: collaborators.textbookId }).from(collaborators).where(eq(collaborators.userId, userId));
  return db
    .select({ ...headerColumns, summary: textbooks.summary })
    .from(textbooks)
    .where(and(isNull(textbooks.deletedAt), or(eq(textbooks.ownerId, userId), inArray(textbooks.id, shared))))
    .orderBy(desc(textbooks.createdAt), desc(textbooks.id));
}

/** The file names of the sources each of these textbooks was made from. */
export function listSourceNames(db: DbOrTx, textbookIds: number[]) {
  if (textbookIds.length === 0) return Promise.resolve([]);
  return db
    .select({ textbookId: textbookSources.textbookId, filename: sources.filename })
    .from(textbookSources)
    .innerJoin(sources, eq(sources.id, textbookSources.sourceId))
    .where(inArray(textbookSources.textbookId, textbookIds))
    .orderBy(asc(sources.id));
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
    /** null: the textbook's current content (only for the newest version; see the schema). */
    content: TextbookContent | null;
    revision: number;
    createdBy: number | null;
    kind?: VersionKind;
    changes?: string[];
  },
) {
  const versionNumber = await nextVersionNumber(db, values.textbookId);
  return db
    .insert(textbookVersions)
    .values({ ...values, versionNumber })
    .returning()
    .then((rows) => rows[0]);
}

/** How many versions of a kind one user added to a textbook since a moment (the cap on described versions). */
export function countVersionsSince(db: DbOrTx, textbookId: number, userId: number, kind: string, since: Date) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(textbookVersions)
    .where(
      and(
        eq(textbookVersions.textbookId, textbookId),
        eq(textbookVersions.createdBy, userId),
        eq(textbookVersions.kind, kind),
        gt(textbookVersions.createdAt, since),
      ),
    )
    .then((rows) => rows[0]?.n ?? 0);
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
      hasContent: sql<boolean>`${textbookVersions.content} is not null`,
    })
    .from(textbookVersions)
    .where(eq(textbookVersions.textbookId, textbookId))
    .orderBy(desc(textbookVersions.versionNumber))
    .limit(1)
    .then((rows) => rows[0]);
}

/** A coalesced save: the newest version now stands for the new current state (content NULL = current). */
export function updateVersionHeader(
  db: DbOrTx,
  id: number,
  values: { topic: string; revision: number; description: string; changes: string[] },
) {
  return db
    .update(textbookVersions)
    .set({ ...values, content: null, updatedAt: new Date() })
    .where(eq(textbookVersions.id, id));
}

/** Writes out the content of a version that stood for the current state, before the textbook moves on. */
export function fillVersionContent(db: DbOrTx, id: number, content: TextbookContent) {
  return db.update(textbookVersions).set({ content }).where(eq(textbookVersions.id, id));
}

export async function insertRevisionDelta(db: DbOrTx, textbookId: number, revision: number, delta: RevisionDelta) {
  await db
    .insert(textbookRevisions)
    .values({ textbookId, revision, manifest: delta })
    .onConflictDoUpdate({
      target: [textbookRevisions.textbookId, textbookRevisions.revision],
      set: { manifest: delta },
    });
}

/** The deltas of the revisions after `revision`. */
export function listRevisionDeltas(db: DbOrTx, textbookId: number, afterRevision: number) {
  return db
    .select({ revision: textbookRevisions.revision, delta: textbookRevisions.manifest })
    .from(textbookRevisions)
    .where(and(eq(textbookRevisions.textbookId, textbookId), gt(textbookRevisions.revision, afterRevision)));
}

/** A version holding exactly this revision's state: the fallback base when its manifest was pruned. */
export function findVersionContentAtRevision(db: DbOrTx, textbookId: number, revision: number) {
  return db
    .select({ content: textbookVersions.content })
    .from(textbookVersions)
    .where(and(eq(textbookVersions.textbookId, textbookId), eq(textbookVersions.revision, revision), isNotNull(textbookVersions.content)))
    .orderBy(desc(textbookVersions.versionNumber))
    .limit(1)
    .then((rows) => rows[0]?.content);
}

export async function pruneRevisionDeltas(db: DbOrTx, textbookId: number, belowRevision: number) {
  await db
    .delete(textbookRevisions)
    .where(and(eq(textbookRevisions.textbookId, textbookId), lt(textbookRevisions.revision, belowRevision)));
}

/**
 * PGlite runs PostgreSQL in single-user mode, which has no autovacuum: without this, every
 * save's replaced content (megabytes, stored uncompressed) stays on disk for good. Not in a
 * transaction (VACUUM cannot run in one).
 */
export async function vacuumTextbooks(db: DbOrTx) {
  await db.execute(sql`VACUUM textbooks`);
}
