import type { Config } from '@server/config';
import { CachedEmbedder } from './cached-embedder';
import type { Embedder } from './embedder';
import { LocalEmbedder } from './local-embedder';
import { RemoteEmbedder } from './remote-embedder';

export type { Embedder } from './embedder';
export { embeddingInput, embedWordLimit } from './embedder';

/** EMBEDDINGS_PROVIDER: `local` (bundled encoder, default) or `openai-compatible`. */
export function createEmbedder(
  config: Pick<Config, 'embeddingsProvider' | 'embeddingsBaseUrl' | 'embeddingsApiKey' | 'embeddingsModel'>,
): Embedder {
  if (config.embeddingsProvider === 'openai-compatible' && config.embeddingsBaseUrl) {
    return new CachedEmbedder(
      new RemoteEmbedder(config.embeddingsBaseUrl, config.embeddingsModel ?? 'text-embedding-3-small', config.embeddingsApiKey),
    );
  }
  return new CachedEmbedder(new LocalEmbedder());
}
