import { AppError } from '../../http/app-error';
import type { AuthoringEngine } from '../engine';

// Placeholder until this operation lands; the owning issue replaces this file.
export const generateMaterial: AuthoringEngine['generateMaterial'] = async () => {
  throw new AppError('INTERNAL', 'The offline generateMaterial operation is not built yet.');
};
