import type { ErrorCode } from '@common/errors';
import { AppError } from '@server/core/app-error';
import type { Material } from '@server/ai/material';
import type { EngineOp } from '../operations';

/**
 * One operation for the engine worker. The worker's retriever is a hybrid retriever over the
 * material, rebuilt inside the worker; it asks this thread only for query vectors, made by the
 * embedder of the request's retriever (`embedderModel`, whose vectors match the stored ones; absent,
 * the retriever ranks by words alone).
 */
export interface EngineJob {
  op: EngineOp | 'warm';
  input: unknown;
  material: Material;
  embedderModel?: string;
}

/** A call from the worker to this thread. */
export type CallRequest = { method: 'embed'; texts: string[] };

/** What the worker posts while an operation runs (WorkerPool `event`s). */
export type EngineEvent = { progress: number; message?: string } | (CallRequest & { call: number });

/** This thread's answer to a call (WorkerPool `eventReply`). */
export type CallReply = { call: number; ok: true; value: unknown } | { call: number; ok: false; message: string };

export interface SerializedError {
  message: string;
  code?: ErrorCode;
  status?: number;
  details?: Record<string, unknown>;
  /** Where a failure that is not an AppError happened in the worker, for the server's log. */
  stack?: string;
}

export type EngineReply = { ok: true; output: unknown } | { ok: false; error: SerializedError };

/** An AppError crosses as data, so the request thread can rethrow it with its status and message unchanged. */
export function serializeError(err: unknown): SerializedError {
  if (err instanceof AppError) return { message: err.message, code: err.code, status: err.status, details: err.details };
  return err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
}

export function deserializeError(error: SerializedError): Error {
  if (error.code) return new AppError(error.code, error.message, error.details, error.status);
  const plain = new Error(error.message);
  if (error.stack) plain.stack = error.stack;
  return plain;
}
