import type { OutlineAssistantBody, OutlineAssistantResponse } from '@common/assistant';
import { parseTextbookContent } from '@common/textbook';
import { emptyMaterial, type Material, type Retriever } from '@server/ai/material';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import { stampNewText } from '../provenance/provenance-pool';
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
export async function askOutlineAssistant(ctx: RequestContext, body: OutlineAssistantBody): Promise<OutlineAssistantResponse> {
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
    await requireTextbookAccess(ctx.db, body.textbookId, ctx.user, 'read');
    ({ material, retriever } = await loadTextbookMaterial(ctx, body.textbookId));
  }
  const result = await ctx.engine.chat({ material, retriever }, { message, topic: body.topic ?? '', content });
  // Text the assistant wrote (a new section) carries the sources the material holds for it, as a new book's does.
  const updated = result.updatedContent ? await stampNewText(material, content, normalizeContent(result.updatedContent)) : undefined;
  return { message: result.message, ...(updated ? { updatedContent: updated } : {}) };
}
