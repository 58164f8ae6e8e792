import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import type { AuthoringEngine } from '../engine';

// Placeholder until the llm engine lands (issue 3 introduces it, later issues extend it).
export function createLlmEngine(_config: Config): AuthoringEngine {
  throw new AppError('INTERNAL', 'The llm engine is not built yet.');
}
