import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportQuery } from '@common/export';
import { textbookIdParams } from '@common/textbooks-api';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { exportTextbook } from './export.service';

/** GET /api/textbooks/{id}/export?format=docx|epub|pdf|html|imscc[&appendix=true]: the book as a download. */
export function registerExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/textbooks/:id/export', { schema: { params: textbookIdParams, querystring: exportQuery } }, async (request, reply) => {
    const file = await exportTextbook(requestContext(deps, request), request.params.id, request.query);
    // filename is letters, digits and dashes only (exportFileName); filename* is percent-encoded: neither needs escaping.
    return (
      reply
        .header('Content-Disposition', file.disposition)
        .header('Cache-Control', 'private, no-store')
        // How long the worker took (wall-clock and its own CPU), for benchmarks and browsers' network panels.
        .header(
          'Server-Timing',
          file.timing
            ? `render;dur=${file.timing.wallMs.toFixed(0)}, cpu;dur=${file.timing.cpuMs.toFixed(0)}, runqueue;dur=${file.timing.runQueueMs.toFixed(0)}`
            : 'render',
        )
        .type(file.mime)
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength))
    );
  });
}
