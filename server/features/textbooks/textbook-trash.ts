import { limits } from '@common/limits';
import type { TrashedTextbook } from '@common/textbooks-api';
import { AppError } from '@server/core/app-error';
import type { Db } from '@server/db/client';
import type { RequestContext } from '@server/features/request-context';
import { publishAfterCommit } from './textbook-events';
import { forgetSavedState } from './save/textbook-state-cache';
import { requireTextbookRole } from './textbooks.policy';
import * as repo from './textbook-trash.repo';

/**
 * Deleting a textbook moves it to its owner's trash (docs/product.md, My Textbooks): for 30 days
 * the owner may restore it from My Textbooks with its versions, materials, images and
 * collaborators (nothing is deleted until the purge); meanwhile it is 404 to everyone, the owner
 * included, and absent from every list. After 30 days the hourly maintenance deletes it for good.
 */
const retentionStart = (now: Date) => new Date(now.getTime() - limits.trashRetentionMs);

/** DELETE /api/textbooks/{id}: owner only (403 for a collaborator, 404 for anyone else). */
export async function trashTextbook(ctx: RequestContext, id: number, now = new Date()): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await requireTextbookRole(tx, id, ctx.user, 'delete');
    await repo.moveToTrash(tx, id, now);
  });
  forgetSavedState(ctx.database, id);
  // Open sockets on it close, as for a deleted book.
  await publishAfterCommit(ctx, { type: 'textbook.deleted', textbookId: id });
}

export async function listTrash(ctx: RequestContext, now = new Date()): Promise<TrashedTextbook[]> {
  const rows = await repo.listTrash(ctx.db, ctx.user.id, retentionStart(now));
  return rows.map((r) => {
    const deletedAt = new Date(r.deletedAt ?? now);
    return {
      id: r.id,
      topic: r.topic,
      createdAt: r.createdAt.toISOString(),
      deletedAt: deletedAt.toISOString(),
      purgeAt: new Date(deletedAt.getTime() + limits.trashRetentionMs).toISOString(),
      chapterCount: Number(r.chapterCount),
    };
  });
}

/** POST /api/textbooks/{id}/restore: the owner takes a book out of the trash (404 when it is not in theirs). */
export async function restoreTextbook(ctx: RequestContext, id: number, now = new Date()): Promise<void> {
  if (!(await repo.restoreFromTrash(ctx.db, id, ctx.user.id, retentionStart(now))))
    throw AppError.notFound('Textbook not found in your trash');
}

/** DELETE /api/textbooks/trash/{id}: the owner deletes a trashed book for good at once. */
export async function deleteForever(ctx: RequestContext, id: number): Promise<void> {
  if (!(await repo.deleteFromTrash(ctx.db, id, ctx.user.id))) throw AppError.notFound('Textbook not found in your trash');
}

/** The hourly purge: books trashed more than 30 days ago are deleted for good. */
export function purgeExpiredTrash(db: Db, now = new Date()): Promise<number> {
  return repo.purgeTrash(db, retentionStart(now));
}
