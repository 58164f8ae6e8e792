import type { PublicUser } from '@common/auth';
import type { DbOrTx } from '@server/db/client';
import type { TextbookRow } from '@server/db/schema';
import { AppError } from '@server/core/app-error';
import { findTextbookHeaderRole, findTextbookRole, type TextbookHeader, type TextbookRole } from './textbook-access.repo';

export { findTextbookHeaderRole, findTextbookRole, type TextbookHeader, type TextbookRole };

/**
 * Who may do what with a textbook (), used by REST and the socket alike.
 * Owner: everything. Collaborator: read and edit content, versions, AI tools,
 * materials and images; see collaborators; remove themself. Only the owner shares a reader link. Anyone else: the
 * textbook does not exist for them (404), so ids cannot be probed.
 */
export type TextbookAction = 'read' | 'edit' | 'delete' | 'manageCollaborators' | 'removeSelf' | 'share';

const allowed: Record<TextbookRole, ReadonlySet<TextbookAction>> = {
  owner: new Set(['read', 'edit', 'delete', 'manageCollaborators', 'removeSelf', 'share']),
  collaborator: new Set(['read', 'edit', 'removeSelf']),
};

export function can(role: TextbookRole | null, action: TextbookAction): boolean {
  return role !== null && allowed[role].has(action);
}

const forbiddenMessages: Partial<Record<TextbookAction, string>> = {
  delete: 'Only the owner can delete this textbook',
  share: 'Only the owner can share this textbook with a reader link',
};

function forbidden(action: TextbookAction): AppError {
  return AppError.forbidden(forbiddenMessages[action] ?? 'Only the owner can manage collaborators');
}

/** Like requireTextbookAccess without loading the content: for versions, images, collaborators and saves. */
export async function requireTextbookRole(
  db: DbOrTx,
  textbookId: number,
  user: PublicUser,
  action: TextbookAction,
): Promise<{ textbook: TextbookHeader; role: TextbookRole }> {
  const found = await findTextbookHeaderRole(db, textbookId, user.id);
  if (!found) throw AppError.notFound('Textbook not found');
  if (!can(found.role, action)) throw forbidden(action);
  return found;
}

/** Loads the textbook and checks the action: 404 when the user may not see it, 403 when they may see but not do. */
export async function requireTextbookAccess(
  db: DbOrTx,
  textbookId: number,
  user: PublicUser,
  action: TextbookAction,
): Promise<{ textbook: TextbookRow; role: TextbookRole }> {
  const found = await findTextbookRole(db, textbookId, user.id);
  if (!found) throw AppError.notFound('Textbook not found');
  if (!can(found.role, action)) throw forbidden(action);
  return found;
}
