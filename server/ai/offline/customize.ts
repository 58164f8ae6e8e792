import { AppError } from '../../http/app-error';
import type { AuthoringEngine } from '../engine';

// Placeholder until this operation lands; the owning issue replaces this file.
export const customizeStructure: AuthoringEngine['customizeStructure'] = async () => {
  throw new AppError('INTERNAL', 'The offline customizeStructure operation is not built yet.');
};
