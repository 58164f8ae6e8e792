import type { ErrorCode } from '@common/errors';

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  PROVIDER_ERROR: 502,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The one error type services throw; the error handler turns it into {message, code}. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields for the body, e.g. the current content on a 409. */
    readonly details?: Record<string, unknown>,
    status?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status ?? statusByCode[code];
  }

  static badRequest(message: string, details?: Record<string, unknown>) {
    return new AppError('BAD_REQUEST', message, details);
  }
  static unauthorized(message = 'Not authenticated') {
    return new AppError('UNAUTHORIZED', message);
  }
  static forbidden(message = 'You do not have permission to do this') {
    return new AppError('FORBIDDEN', message);
  }
  static notFound(message = 'Not found') {
    return new AppError('NOT_FOUND', message);
  }
  static conflict(message: string, details?: Record<string, unknown>) {
    return new AppError('CONFLICT', message, details);
  }
  static tooLarge(message: string) {
    return new AppError('PAYLOAD_TOO_LARGE', message);
  }
}
