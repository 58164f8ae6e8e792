import { AppError } from '../../http/app-error';
import type { AuthoringEngine } from '../engine';

// Placeholder until this operation lands; the owning issue replaces this file.
export const analyze: AuthoringEngine['analyze'] = async () => {
  throw new AppError('INTERNAL', 'The offline analyze operation is not built yet.');
};
