import type { Document, Extension } from '@hocuspocus/server';
import { readOnlyToken, textbookIdOfDocument } from '@common/live-document';
import type { AppDeps } from '@server/features/app-deps';
import { can, findTextbookHeaderRole } from '../textbooks/textbooks.policy';
import type { CollabContext } from './collab-context';

/**
 * Who may open a live document: the same policy as REST (readers receive, only editors write);
 * a textbook the user may not read does not exist for them.
 */
export function authenticationHooks(deps: AppDeps): Pick<Extension<CollabContext>, 'onAuthenticate'> {
  return {
    async onAuthenticate({ documentName, context, connectionConfig, token }) {
      const textbookId = textbookIdOfDocument(documentName);
      const found = textbookId === null ? null : await findTextbookHeaderRole(deps.database.db, textbookId, context.user.id);
      if (!found) throw Object.assign(new Error('Textbook not found'), { reason: 'not-found' });
      connectionConfig.readOnly = !can(found.role, 'edit') || token === readOnlyToken;
    },
  };
}

/** A collaborator removed from the book loses its open connections at once. */
export function closeRemovedUser(document: Document, userId: number): void {
  for (const connection of document.getConnections()) {
    const context = connection.context as CollabContext;
    if (context.user.id === userId) connection.close({ code: 4403, reason: 'forbidden' });
  }
}
