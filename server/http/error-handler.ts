import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@common/errors';
import { AppError } from '../core/app-error';
import { isDatabaseUnavailable } from '../db/connection-error';

/** Seconds a client waits before retrying a request the database could not serve (a restart takes a few). */
const unavailableRetryAfterS = 5;

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

/** Turns every thrown error into {message, code}; never leaks stacks or SQL. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      // A failure on our side is logged with what caused it; a refusal of the request is not.
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const body: ErrorBody & Record<string, unknown> = { ...(error.details ?? {}), message: error.message, code: error.code };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const raw = issue?.message ?? 'Invalid request';
      // zod's own type errors read "Invalid input: expected string, received number"; name the field.
      const message = /^Invalid input/.test(raw) && field ? `${field}: ${raw}` : raw;
      return reply.status(400).send({ message, code: 'VALIDATION' } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(unavailableRetryAfterS))
        .send({
          message: 'The server cannot reach its database right now. Please try again in a moment.',
          code: 'UNAVAILABLE',
        } satisfies ErrorBody);
    }
    const fe = error as FastifyError;
    const status = typeof fe.statusCode === 'number' && fe.statusCode >= 400 ? fe.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } satisfies ErrorBody);
    }
    let message = fe.message || 'Bad request';
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) message = 'The request is too large.';
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'Unsupported content type.';
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'The request body is empty.';
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (/JSON/.test(fe.message ?? '') && status === 400))
      message = 'The request body is not valid JSON.';
    return reply.status(status).send({ message, code: codeForStatus(status) } satisfies ErrorBody);
  });
}
