import type { PublicUser } from '@common/auth';
import type { OutlineAssistantBody, OutlineAssistantResponse } from '@common/assistant';
import { parseTextbookContent } from '@common/textbook';
import { emptyMaterial, type Material, type Retriever } from '@server/ai/material';
import { AppError } from '@server/core/app-error';
import type { AppDeps } from '@server/http/deps';
import { loadTextbookMaterial } from '../sources/sources.service';
import { normalizeContent } from '../textbooks/textbook-content';
import { requireTextbookAccess } from '../textbooks/textbooks.policy';

const noRetrieval: Retriever = { search: async () => [] };

/**
 * POST /api/ai/outline-assistant: one turn of the outline assistant.
 * The outline comes from the client; with a textbookId
 * the assistant may also draw on that textbook's sources, for which the
 * caller needs read access. Nothing is saved here: the client replaces its
 * outline on updatedContent and saves it through the normal save path.
 */
export async function askOutlineAssistant(deps: AppDeps, user: PublicUser, body: OutlineAssistantBody): Promise<OutlineAssistantResponse> {
  const message = body.message.trim();
  if (!message) throw AppError.badRequest('Please enter a message');
  const parsed = parseTextbookContent(body.textbookContent);
  if (!parsed.ok) {
    throw AppError.badRequest(
      parsed.reason === 'missing' ? 'There is no outline to refine yet' : `Invalid textbook content: ${parsed.message}`,
    );
  }
  const content = normalizeContent(parsed.content);
  let material: Material = emptyMaterial();
  let retriever: Retriever = noRetrieval;
  if (body.textbookId !== undefined) {
    await requireTextbookAccess(deps.database.db, body.textbookId, user, 'read');
    ({ material, retriever } = await loadTextbookMaterial(deps, body.textbookId));
  }
  const result = await deps.engine.chat({ material, retriever }, { message, topic: body.topic ?? '', content });
  return {
    message: result.message,
    ...(result.updatedContent ? { updatedContent: normalizeContent(result.updatedContent) } : {}),
  };
}
