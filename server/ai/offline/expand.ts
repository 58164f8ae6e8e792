import { AppError } from '../../http/app-error';
import type { AuthoringEngine } from '../engine';

// Placeholder until the AI writing tools land; that issue replaces this file.
export const expandParagraph: AuthoringEngine['expandParagraph'] = async () => {
  throw new AppError('INTERNAL', 'The offline expandParagraph operation is not built yet.');
};
export const expandChapter: AuthoringEngine['expandChapter'] = async () => {
  throw new AppError('INTERNAL', 'The offline expandChapter operation is not built yet.');
};
export const generateSection: AuthoringEngine['generateSection'] = async () => {
  throw new AppError('INTERNAL', 'The offline generateSection operation is not built yet.');
};
