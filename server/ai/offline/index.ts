import type { AuthoringEngine } from '../engine';
import { offlineOperations } from './operations';
import { OfflineWorkerEngine, type WorkerEngineOptions } from './worker/worker-engine';

/**
 * The offline engine: deterministic classical NLP over the user's own material, run in worker
 * threads owned by the engine (closed with the app).
 */
export function createOfflineEngine(options: WorkerEngineOptions = {}): AuthoringEngine {
  return new OfflineWorkerEngine(options);
}

/** The same operations on the calling thread, for unit tests and benchmarks that time the engine itself. */
export function createInlineOfflineEngine(): AuthoringEngine {
  return { name: 'offline', ...offlineOperations };
}
