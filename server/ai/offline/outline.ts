import { AppError } from '../../http/app-error';
import type { AuthoringEngine } from '../engine';

// Placeholder until this operation lands; the owning issue replaces this file.
export const outline: AuthoringEngine['outline'] = async () => {
  throw new AppError('INTERNAL', 'The offline outline operation is not built yet.');
};
