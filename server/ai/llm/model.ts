import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Config } from '@server/config';
import { AppError } from '@server/core/app-error';

const defaultModels = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' } as const;

/**
 * The one function that hides which language model is in use:
 * AI_PROVIDER picks the AI SDK provider, AI_BASE_URL / AI_API_KEY / AI_MODEL
 * configure it. Ollama, vLLM, llama.cpp server, LM Studio and OpenRouter all
 * speak `openai-compatible`.
 */
export function createLanguageModel(config: Pick<Config, 'aiProvider' | 'aiBaseUrl' | 'aiApiKey' | 'aiModel'>): LanguageModel {
  switch (config.aiProvider) {
    case 'openai-compatible': {
      if (!config.aiBaseUrl || !config.aiModel) {
        throw new AppError('INTERNAL', 'AI_PROVIDER=openai-compatible needs AI_BASE_URL and AI_MODEL.');
      }
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.aiBaseUrl,
        apiKey: config.aiApiKey,
        supportsStructuredOutputs: true,
      });
      return provider.chatModel(config.aiModel);
    }
    case 'openai': {
      const provider = createOpenAI({ apiKey: config.aiApiKey, baseURL: config.aiBaseUrl });
      return provider(config.aiModel ?? defaultModels.openai);
    }
    case 'anthropic': {
      const provider = createAnthropic({ apiKey: config.aiApiKey, baseURL: config.aiBaseUrl });
      return provider(config.aiModel ?? defaultModels.anthropic);
    }
    default:
      throw new AppError('INTERNAL', `AI_PROVIDER=${config.aiProvider} is not a language model provider.`);
  }
}
