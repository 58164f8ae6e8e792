import type { VersionEntry } from '@common/versions';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import { saveTextbook } from '../textbooks/save/textbook-save.service';
import { requireTextbookRole } from '../textbooks/textbooks.policy';
import { presentDetail } from '../textbooks/textbooks.service';
import * as repo from './versions.repo';

/** A history longer than this is cut to its newest entries. */
const maxListed = 200;
/**
 * The list carries each version's content while the stored sizes add up to
 * this; older entries of a big book come without it (contentOmitted) and are fetched
 * one at a time, so 200 versions of a 5 MB book never make a gigabyte response.
 */
const listContentBudgetBytes = 16 * 1024 * 1024;

type Row = NonNullable<Awaited<ReturnType<typeof repo.findVersion>>>;
type Header = Omit<Row, 'content' | 'textbookId'>;

function present(row: Header, content: unknown, contentOmitted = false): VersionEntry {
  return {
    id: row.id,
    versionNumber: row.versionNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    description: row.description,
    topic: row.topic,
    content,
    ...(contentOmitted ? { contentOmitted } : {}),
    revision: row.revision,
    createdBy: row.createdById !== null && row.createdByName !== null ? { id: row.createdById, username: row.createdByName } : null,
  };
}

export async function listVersions(
  ctx: RequestContext,
  textbookId: number,
  contentBudgetBytes = listContentBudgetBytes,
): Promise<VersionEntry[]> {
  const { db, user } = ctx;
  await requireTextbookRole(db, textbookId, user, 'read');
  const headers = await repo.listVersionHeaders(db, textbookId, maxListed);
  let budget = contentBudgetBytes;
  const withContent = headers.filter((h, i) => {
    budget -= Number(h.storedBytes ?? 0);
    return i === 0 || budget >= 0;
  });
  const contents = new Map(
    (
      await repo.listVersionContents(
        db,
        textbookId,
        withContent.map((h) => h.id),
      )
    ).map((r) => [r.id, r.content]),
  );
  return headers.map((h) => (contents.has(h.id) ? present(h, contents.get(h.id)) : present(h, null, true)));
}

export async function getVersion(ctx: RequestContext, textbookId: number, versionId: number): Promise<VersionEntry> {
  const { db, user } = ctx;
  await requireTextbookRole(db, textbookId, user, 'read');
  const row = await repo.findVersion(db, textbookId, versionId);
  if (!row) throw AppError.notFound('Version not found');
  return present(row, row.content);
}

/**
 * Restores an old version through the one save path: the current state is
 * already the newest version (saveTextbook keeps it so), and the restore
 * becomes a version of its own, so a restore can itself be undone.
 */
export async function restoreVersion(ctx: RequestContext, textbookId: number, versionId: number) {
  const { db, user } = ctx;
  await requireTextbookRole(db, textbookId, user, 'edit');
  const row = await repo.findVersion(db, textbookId, versionId);
  if (!row) throw AppError.notFound('Version not found');
  // Typing is stored only once it pauses: the open live document is stored first, so what was
  // just typed is in the state the restore replaces, kept in the history, rather than lost.
  await ctx.collab?.flush(textbookId);
  const saved = await saveTextbook(ctx, {
    textbookId,
    content: row.content,
    topic: row.topic,
    description: `Restored version ${row.versionNumber}`,
    kind: 'restore',
  });
  return { ...presentDetail(saved.textbook, user), restoredVersion: row.versionNumber, versionNumber: saved.versionNumber };
}
