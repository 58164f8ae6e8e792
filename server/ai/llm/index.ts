import type { LanguageModel } from 'ai';
import type { Config } from '@server/config';
import type { AuthoringEngine } from '../engine';
import { llmAnalyze } from './analyze';
import { llmChat } from './chat';
import { llmCustomizeStructure } from './customize';
import { llmExpandChapter, llmExpandParagraph, llmGenerateSection } from './expand';
import { llmGenerateMaterial } from './materials';
import { createLanguageModel } from './model';
import { llmOutline } from './outline';

/**
 * The llm engine: each operation lives in its own file and takes the model
 * first, so tests pass a scripted model (MockLanguageModelV3) directly.
 */
export function createLlmEngineWithModel(model: LanguageModel): AuthoringEngine {
  return {
    name: 'llm',
    analyze: (ctx, input) => llmAnalyze(model, ctx, input),
    outline: (ctx, input) => llmOutline(model, ctx, input),
    chat: (ctx, input) => llmChat(model, ctx, input),
    expandParagraph: (ctx, input) => llmExpandParagraph(model, ctx, input),
    expandChapter: (ctx, input) => llmExpandChapter(model, ctx, input),
    generateSection: (ctx, input) => llmGenerateSection(model, ctx, input),
    customizeStructure: (ctx, input) => llmCustomizeStructure(model, ctx, input),
    generateMaterial: (ctx, input) => llmGenerateMaterial(model, ctx, input),
  };
}

export function createLlmEngine(config: Config): AuthoringEngine {
  return createLlmEngineWithModel(createLanguageModel(config));
}
