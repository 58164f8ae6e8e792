import type { Document, Extension } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import { caretColorOf, liveCloseCodes, type LiveServerMessage } from '@common/live-document';
import type { AppDeps } from '@server/features/app-deps';
import type { CollabContext, OpenDocuments } from './collab-context';
import { storedBodyIds, takeBodies, writableBodies, type LiveDocState } from './live-documents';
import { UserByteBudget, type LiveLimits } from './live-limits';
import { inspectFrame, unknownBodyProblem, updateProblem } from './update-policy';

/** How often a document's chapter and section ids may be read again for an update naming one it does not know. */
const bodiesRereadMs = 2000;

/** An awareness state larger than this (a cursor and a name need a few hundred bytes) is dropped. */
const maxAwarenessBytes = 4096;

export interface EditPolicyOptions {
  deps: AppDeps;
  docs: OpenDocuments;
  limits: LiveLimits;
  log?: FastifyBaseLogger;
}

/**
 * What a client may send into an open document (update-policy.ts): an update is checked before
 * it is applied, within the user's byte budget and the document's size limit; a refused one
 * closes the socket. Carets carry the signed-in user's own name and colour.
 */
export function editPolicyHooks({
  deps,
  docs,
  limits,
  log,
}: EditPolicyOptions): Pick<Extension<CollabContext>, 'beforeHandleMessage' | 'beforeHandleAwareness'> {
  const budget = new UserByteBudget(limits);

  /** Why an update from a client may not be applied to a document, or null when it may. */
  const refusal = async (
    document: Document,
    live: LiveDocState | undefined,
    update: Uint8Array,
    userId: number,
  ): Promise<string | null> => {
    let problem = updateProblem(update, { doc: document, bodies: live && writableBodies(live) });
    if (problem === unknownBodyProblem && live) {
      // A chapter or section may have been added by a save this document has not taken in yet: the editor opens
      // a new chapter from the save's answer, before the stored state reaches this document. The book is read
      // again at most every few seconds (made-up ids must not make it read the book each time); inside that
      // window the update waits for the next read instead of being refused, which would close the socket and
      // tell the user their edit was not saved.
      const wait = live.bodiesReadAt + bodiesRereadMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (Date.now() - live.bodiesReadAt >= bodiesRereadMs) {
        live.bodiesReadAt = Date.now();
        takeBodies(live, await storedBodyIds(deps, live.textbookId));
      }
      problem = updateProblem(update, { doc: document, bodies: writableBodies(live) });
    }
    if (problem) return problem;
    if (!budget.take(userId, update.length)) return 'too much sent too fast';
    if (live && !live.size.admit(document, update.length)) return 'the textbook is at its size limit';
    return null;
  };

  return {
    async beforeHandleMessage({ connection, update, context, document, documentName }) {
      let frame;
      try {
        frame = inspectFrame(update);
      } catch {
        context.closeSocket(liveCloseCodes.policy, 'malformed message');
        throw Object.assign(new Error('malformed message'), { code: liveCloseCodes.policy, reason: 'malformed-message' });
      }
      if (frame.kind === 'other') return;
      if (connection.readOnly) {
        // A reader's sync step 2 that adds nothing is fine (Hocuspocus acknowledges it); an edit is refused.
        if (frame.kind === 'update') throw Object.assign(new Error('read only'), { code: 4403, reason: 'read-only' });
        return;
      }
      const problem = await refusal(document, docs.get(documentName), frame.update, context.user.id);
      if (problem) {
        log?.warn({ userId: context.user.id, documentName, problem, bytes: frame.update.length }, 'live update refused');
        // Told why before the socket closes: nothing of the update was applied or stored.
        const message: LiveServerMessage = { type: 'error', code: 'UPDATE_REFUSED', message: `Edit refused: ${problem}.` };
        connection.sendStateless(JSON.stringify(message));
        context.closeSocket(liveCloseCodes.policy, `update refused: ${problem}`.slice(0, 120));
        throw Object.assign(new Error(problem), { code: liveCloseCodes.policy, reason: 'update-refused' });
      }
    },

    async beforeHandleAwareness({ states, context }) {
      if (!context) return;
      // Carets carry the signed-in user's own name and colour, whatever the client claims.
      for (const [clientId, state] of states) {
        if (JSON.stringify(state).length > maxAwarenessBytes) {
          states.delete(clientId);
          continue;
        }
        if (state && typeof state === 'object' && 'user' in state) {
          state.user = { name: context.user.username, color: caretColorOf(context.user.id), userId: context.user.id };
        }
      }
    },
  };
}
