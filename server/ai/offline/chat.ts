import { AppError } from '../../http/app-error';
import type { AuthoringEngine } from '../engine';

// Placeholder until this operation lands; the owning issue replaces this file.
export const chat: AuthoringEngine['chat'] = async () => {
  throw new AppError('INTERNAL', 'The offline chat operation is not built yet.');
};
