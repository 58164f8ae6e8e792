import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('embeddings settings', () => {
  const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/config-test-unused' };

  it('never sends the LLM key to the embeddings service', () => {
    const config = loadConfig({ ...base, AI_API_KEY: 'sk-llm', EMBEDDINGS_PROVIDER: 'openai-compatible' });
    expect(config.aiApiKey).toBe('sk-llm');
    expect(config.embeddingsApiKey).toBeUndefined();
  });

  it('takes its own key when one is set', () => {
    const config = loadConfig({ ...base, AI_API_KEY: 'sk-llm', EMBEDDINGS_API_KEY: 'sk-emb' });
    expect(config.embeddingsApiKey).toBe('sk-emb');
  });
});
