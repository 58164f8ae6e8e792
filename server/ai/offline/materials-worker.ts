import { parentPort } from 'node:worker_threads';
import { AppError } from '../../core/app-error';
import type { GenerateMaterialInput } from '../engine';
import { buildMaterial } from './materials';

/**
 * Worker entry for offline materials: one job at a time. A refusal (AppError,
 * e.g. a chapter with too little text) travels back as data so the request
 * thread can rethrow it unchanged; anything else is reported as a failure.
 */
parentPort?.on('message', (message: { id: number; job: GenerateMaterialInput }) => {
  try {
    parentPort?.postMessage({ id: message.id, ok: true, output: buildMaterial(message.job) });
  } catch (err) {
    if (err instanceof AppError) {
      parentPort?.postMessage({
        id: message.id,
        ok: false,
        code: err.code,
        status: err.status,
        message: err.message,
        details: err.details,
      });
    } else {
      parentPort?.postMessage({ id: message.id, ok: false, message: (err as Error).message });
    }
  }
});
parentPort?.postMessage({ ready: true });
