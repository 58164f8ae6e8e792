import type { LanguageModel } from 'ai';
import { AppError } from '../../http/app-error';
import type { EngineContext, ExpandChapterInput, ExpandParagraphInput, ExpandResult, GenerateSectionInput } from '../engine';
import type { Chapter } from '../../../common/textbook';

// Placeholders until the expansion issue lands; its helper replaces this file.
export async function llmExpandParagraph(_model: LanguageModel, _ctx: EngineContext, _input: ExpandParagraphInput): Promise<ExpandResult<string>> {
  throw new AppError('INTERNAL', 'The llm paragraph expansion is not built yet.');
}

export async function llmExpandChapter(_model: LanguageModel, _ctx: EngineContext, _input: ExpandChapterInput): Promise<ExpandResult<Chapter>> {
  throw new AppError('INTERNAL', 'The llm chapter expansion is not built yet.');
}

export async function llmGenerateSection(_model: LanguageModel, _ctx: EngineContext, _input: GenerateSectionInput): Promise<ExpandResult<string>> {
  throw new AppError('INTERNAL', 'The llm section generation is not built yet.');
}
