import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestScope {
  /** Aborted when the client goes away before its answer was sent. */
  signal: AbortSignal;
}

const storage = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `fn` (a request's handling) with a cancellation signal that work started on its behalf
 * can read without every service passing it along ("CPU-heavy work off the main thread" in
 * docs/decisions.md: work nobody waits for any more is stopped).
 */
export function runInRequestScope<T>(signal: AbortSignal, fn: () => T): T {
  return storage.run({ signal }, fn);
}

/** The signal of the request this code runs for, if any. */
export function currentRequestSignal(): AbortSignal | undefined {
  return storage.getStore()?.signal;
}

/**
 * Runs `fn` outside any request: durable work (a queued generation) started while handling a
 * request must outlive that request's client.
 */
export function outsideRequestScope<T>(fn: () => T): T {
  return storage.exit(fn);
}
