import type { LanguageModel } from 'ai';
import { AppError } from '../../http/app-error';
import type { CustomizeInput, CustomizeResult, EngineContext } from '../engine';

// Placeholder until the customize issue lands; its helper replaces this file.
export async function llmCustomizeStructure(_model: LanguageModel, _ctx: EngineContext, _input: CustomizeInput): Promise<CustomizeResult> {
  throw new AppError('INTERNAL', 'The llm structure customization is not built yet.');
}
