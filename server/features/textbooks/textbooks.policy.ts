import { and, eq } from 'drizzle-orm';
import type { PublicUser } from '../../../common/auth';
import type { DbOrTx } from '../../db/client';
import { collaborators, textbooks, type TextbookRow } from '../../db/schema';
import { AppError } from '../../http/app-error';

/**
 * Who may do what with a textbook (issue 9, spec 6), used by REST and the socket alike.
 * Owner: everything. Collaborator: read and edit content, versions, AI tools,
 * materials and images; see collaborators; remove themself. Anyone else: the
 * textbook does not exist for them (404), so ids cannot be probed.
 */
export type TextbookRole = 'owner' | 'collaborator';
export type TextbookAction =
  | 'read'
  | 'edit'
  | 'delete'
  | 'manageCollaborators'
  | 'removeSelf';

const allowed: Record<TextbookRole, ReadonlySet<TextbookAction>> = {
  owner: new Set(['read', 'edit', 'delete', 'manageCollaborators', 'removeSelf']),
  collaborator: new Set(['read', 'edit', 'removeSelf']),
};

export function can(role: TextbookRole | null, action: TextbookAction): boolean {
  return role !== null && allowed[role].has(action);
}

export async function findTextbookRole(db: DbOrTx, textbookId: number, userId: number): Promise<{ textbook: TextbookRow; role: TextbookRole } | null> {
  if (!Number.isSafeInteger(textbookId) || textbookId <= 0) return null;
  const [textbook] = await db.select().from(textbooks).where(eq(textbooks.id, textbookId)).limit(1);
  if (!textbook) return null;
  if (textbook.ownerId === userId) return { textbook, role: 'owner' };
  const [collab] = await db
    .select({ userId: collaborators.userId })
    .from(collaborators)
    .where(and(eq(collaborators.textbookId, textbookId), eq(collaborators.userId, userId)))
    .limit(1);
  return collab ? { textbook, role: 'collaborator' } : null;
}

/** The textbook's header (no content, which can be megabytes) and the user's role, in one query. */
export async function findTextbookHeaderRole(db: DbOrTx, textbookId: number, userId: number) {
  if (!Number.isSafeInteger(textbookId) || textbookId <= 0) return null;
  const [row] = await db
    .select({
      id: textbooks.id,
      ownerId: textbooks.ownerId,
      topic: textbooks.topic,
      revision: textbooks.revision,
      createdAt: textbooks.createdAt,
      updatedAt: textbooks.updatedAt,
      collaboratorId: collaborators.userId,
    })
    .from(textbooks)
    .leftJoin(collaborators, and(eq(collaborators.textbookId, textbooks.id), eq(collaborators.userId, userId)))
    .where(eq(textbooks.id, textbookId))
    .limit(1);
  if (!row) return null;
  const { collaboratorId, ...textbook } = row;
  const role: TextbookRole | null = textbook.ownerId === userId ? 'owner' : collaboratorId !== null ? 'collaborator' : null;
  return role ? { textbook, role } : null;
}
export type TextbookHeader = NonNullable<Awaited<ReturnType<typeof findTextbookHeaderRole>>>['textbook'];

function forbidden(action: TextbookAction): AppError {
  return AppError.forbidden(action === 'delete' ? 'Only the owner can delete this textbook' : 'Only the owner can manage collaborators');
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
