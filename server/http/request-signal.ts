import type { FastifyInstance } from 'fastify';
import { runInRequestScope } from '../core/request-scope';

/**
 * Gives every request a cancellation signal, aborted when its client goes away before the answer
 * is sent; work run for it in a worker thread (the offline engine) is then stopped instead of
 * finishing for nobody (docs/decisions.md, "CPU-heavy work off the main thread").
 */
export function registerRequestSignal(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    runInRequestScope(controller.signal, done);
  });
}
