import type { Config } from '../config';
import type { AuthoringEngine } from './engine';
import { createOfflineEngine } from './offline';

/**
 * The one function that hides which engine is in use. The llm
 * engine is loaded only when configured, so the offline product never imports the AI SDK.
 */
export async function createEngine(config: Config): Promise<AuthoringEngine> {
  if (config.aiProvider === 'offline') return createOfflineEngine();
  const { createLlmEngine } = await import('./llm');
  return createLlmEngine(config);
}
