import { APICallError, NoObjectGeneratedError, NoOutputGeneratedError, RetryError, TypeValidationError } from 'ai';
import { AppError } from '../../../core/app-error';

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
    const status = APICallError.isInstance(err) ? err.statusCode : undefined;
    return new AppError(
      'PROVIDER_ERROR',
      `The language model could not be reached${status ? ` (status ${status})` : ''}. Please try again.`,
    );
  }
  return new AppError('PROVIDER_ERROR', `The language model failed to produce the ${what}. Please try again.`);
}
