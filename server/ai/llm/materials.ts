import type { LanguageModel } from 'ai';
import { AppError } from '../../http/app-error';
import type { EngineContext, GenerateMaterialInput, GeneratedMaterial } from '../engine';

// Placeholder until the materials issue lands; its helper replaces this file.
export async function llmGenerateMaterial(_model: LanguageModel, _ctx: EngineContext, _input: GenerateMaterialInput): Promise<GeneratedMaterial> {
  throw new AppError('INTERNAL', 'The llm material generation is not built yet.');
}
