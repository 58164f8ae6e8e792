import { blockedByUserMessage, type CollaborationBlock, type CollaboratorEntry } from '@common/collaborators';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import { publishAfterCommit } from '../textbooks/textbook-events';
import { requireTextbookRole } from '../textbooks/textbooks.policy';
import { findUserById } from '../users/users.repo';
import * as repo from './collaborators.repo';

/** Owner first (role 'owner'), then collaborators in the order they were added. Owner and collaborators may look. */
export async function listCollaborators(ctx: RequestContext, textbookId: number): Promise<CollaboratorEntry[]> {
  const { db, user } = ctx;
  const { textbook } = await requireTextbookRole(db, textbookId, user, 'read');
  const [owner, rows] = await Promise.all([findUserById(db, textbook.ownerId), repo.listCollaborators(db, textbookId)]);
  const entries: CollaboratorEntry[] = rows.map((r) => ({
    user: { id: r.userId, username: r.username },
    userId: r.userId,
    textbookId,
    role: 'collaborator',
    createdAt: r.createdAt.toISOString(),
  }));
  if (owner) {
    entries.unshift({ user: owner, userId: owner.id, textbookId, role: 'owner', createdAt: textbook.createdAt.toISOString() });
  }
  return entries;
}

/** Owner only (403 for a collaborator); an unknown user is 404; the owner or an existing collaborator 409. */
export async function addCollaborator(ctx: RequestContext, textbookId: number, collaboratorId: number): Promise<CollaboratorEntry> {
  const { user } = ctx;
  const entry = await ctx.db.transaction(async (tx) => {
    const { textbook } = await requireTextbookRole(tx, textbookId, user, 'manageCollaborators');
    const target = await findUserById(tx, collaboratorId);
    if (!target) throw AppError.notFound('User not found');
    if (target.id === textbook.ownerId) throw AppError.conflict('The owner of a textbook cannot also be its collaborator.');
    // Someone who left one of this owner's books with "block" is not added back by them.
    if (await repo.isBlocked(tx, target.id, textbook.ownerId)) throw AppError.forbidden(blockedByUserMessage(target.username));
    const row = await repo.insertCollaborator(tx, { textbookId, userId: target.id, addedBy: user.id });
    if (!row) throw AppError.conflict(`${target.username} is already a collaborator on this textbook.`);
    return { user: target, userId: target.id, textbookId, role: 'collaborator' as const, createdAt: row.createdAt.toISOString() };
  });
  await publishAfterCommit(ctx, { type: 'collaborators.changed', textbookId });
  return entry;
}

/**
 * The owner removes anyone; a collaborator may remove only themself (leave the book). `block`
 * (leaving only): the owner may not add them to any of their books again until they undo it.
 */
export async function removeCollaborator(ctx: RequestContext, textbookId: number, userId: number, block = false): Promise<void> {
  const { user } = ctx;
  await ctx.db.transaction(async (tx) => {
    const isSelf = userId === user.id;
    if (block && !isSelf) throw AppError.badRequest('Only a collaborator leaving a textbook can block its owner.');
    const { textbook } = await requireTextbookRole(tx, textbookId, user, isSelf ? 'removeSelf' : 'manageCollaborators');
    const removed = await repo.deleteCollaborator(tx, textbookId, userId);
    if (!removed) throw AppError.notFound('Collaborator not found');
    if (block) await repo.insertBlock(tx, user.id, textbook.ownerId);
  });
  // The realtime hub closes the removed user's sockets for this textbook.
  await publishAfterCommit(ctx, { type: 'collaborators.changed', textbookId, removedUserId: userId });
}

/** The owners the user blocked, oldest first. */
export async function listBlocks(ctx: RequestContext): Promise<CollaborationBlock[]> {
  const rows = await repo.listBlocks(ctx.db, ctx.user.id);
  return rows.map((r) => ({ owner: { id: r.ownerId, username: r.username }, createdAt: r.createdAt.toISOString() }));
}

/** Lets that owner add the user again. */
export async function removeBlock(ctx: RequestContext, ownerId: number): Promise<void> {
  if (!(await repo.deleteBlock(ctx.db, ctx.user.id, ownerId))) throw AppError.notFound('Block not found');
}
