import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

/**
 * The scripted language model the llm engine's own tests use (docs/decisions.md: the only
 * stand-in allowed). Each call answers with the next scripted answer (the last one
 * repeats), as JSON text unless it is already a string, and the prompts are recorded.
 */
export function scriptedModel(answers: unknown | unknown[]) {
  const list = Array.isArray(answers) ? answers : [answers];
  const prompts: string[] = [];
  let call = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async (options: LanguageModelV3CallOptions) => {
      prompts.push(JSON.stringify(options.prompt));
      const answer = list[Math.min(call++, list.length - 1)];
      return {
        content: [{ type: 'text', text: typeof answer === 'string' ? answer : JSON.stringify(answer) }],
        finishReason: { unified: 'stop', raw: undefined },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 10, text: 10, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  return { model, prompts };
}
