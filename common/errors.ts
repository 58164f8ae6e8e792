/** Error codes shared by server responses ({message, code}) and the client. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNPROCESSABLE',
  'PROVIDER_ERROR',
  'INTERNAL',
  /** The database (or another service the server needs) is not reachable for a moment: retry. */
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface ErrorBody {
  message: string;
  code: ErrorCode;
}
