import type { CollaboratorEntry } from '@common/collaborators';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/http/request-context';
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
    const row = await repo.insertCollaborator(tx, { textbookId, userId: target.id, addedBy: user.id });
    if (!row) throw AppError.conflict(`${target.username} is already a collaborator on this textbook.`);
    return { user: target, userId: target.id, textbookId, role: 'collaborator' as const, createdAt: row.createdAt.toISOString() };
  });
  await publishAfterCommit(ctx, { type: 'collaborators.changed', textbookId });
  return entry;
}

/** The owner removes anyone; a collaborator may remove only themself. */
export async function removeCollaborator(ctx: RequestContext, textbookId: number, userId: number): Promise<void> {
  const { user } = ctx;
  await ctx.db.transaction(async (tx) => {
    const isSelf = userId === user.id;
    await requireTextbookRole(tx, textbookId, user, isSelf ? 'removeSelf' : 'manageCollaborators');
    const removed = await repo.deleteCollaborator(tx, textbookId, userId);
    if (!removed) throw AppError.notFound('Collaborator not found');
  });
  // The realtime hub closes the removed user's sockets for this textbook.
  await publishAfterCommit(ctx, { type: 'collaborators.changed', textbookId, removedUserId: userId });
}
