import type { AuthoringEngine } from '../engine';
import { applyCommand } from './chat/apply-command';
import { answerQuestion, capabilities } from './chat/answer-question';
import { parseRequest } from './chat/parse-request';
import { materialSectionWriter } from './chat/section-writer';

/**
 * The offline outline assistant: plain English structural requests
 * are applied to the outline; other messages get a short answer grounded in
 * the material. When it cannot do what was asked it says so and returns no
 * updatedContent, so the client keeps the outline as it was.
 */
export const chat: AuthoringEngine['chat'] = async (ctx, input) => {
  const parsed = parseRequest(input.message);
  if (parsed.kind === 'command') {
    const result = await applyCommand(input.content, parsed.command, materialSectionWriter(ctx.material));
    if (!result.ok) return { message: `I couldn't make that change: ${result.reason} The outline is unchanged.` };
    return { message: result.summary, updatedContent: result.content };
  }
  if (parsed.kind === 'unsupported') {
    return {
      message: `Sorry, I can't do that offline, so the outline is unchanged. ${capabilities} Connecting a language model (AI_PROVIDER) lets the assistant handle other requests.`,
    };
  }
  return { message: await answerQuestion({ message: input.message, book: input.content, material: ctx.material }) };
};
