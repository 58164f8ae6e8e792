import { APICallError, NoObjectGeneratedError, NoOutputGeneratedError, RetryError, TypeValidationError } from 'ai';
import { AppError } from '@server/core/app-error';

/**
 * Turns what the AI SDK throws into one clear AppError (502 PROVIDER_ERROR),
 * naming what went wrong without leaking provider payloads.
 */
export function toProviderError(err: unknown, what: string): AppError {
  if (err instanceof AppError) return err;
  if (NoObjectGeneratedError.isInstance(err) || NoOutputGeneratedError.isInstance(err) || TypeValidationError.isInstance(err)) {
    return new AppError('PROVIDER_ERROR', `The language model returned a malformed ${what}. Please try again.`);
  }
  if (RetryError.isInstance(err) || APICallError.isInstance(err)) {
    // After its retries the SDK throws a RetryError; the status is that of the last answer.
    const last = RetryError.isInstance(err) ? err.lastError : err;
    const status = APICallError.isInstance(last) ? last.statusCode : undefined;
    return new AppError(
      'PROVIDER_ERROR',
      `The language model could not be reached${status ? ` (status ${status})` : ''}. Please try again.`,
    );
  }
  return new AppError('PROVIDER_ERROR', `The language model failed to produce the ${what}. Please try again.`);
}
