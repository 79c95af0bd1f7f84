import { ERROR_CODES, ERROR_MESSAGES } from '@grasp/contract';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The server's own message, or null when there was none. The API client falls back to a generic
 * text (code HTTP_ERROR) when the body was not an error body; SPEC.md §8 wants our own fallbacks.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.kind !== 'http') return null;
  if (error.code === 'HTTP_ERROR' || !error.message) return null;
  return error.message;
}

/** SPEC.md §8, login rows. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return ERROR_MESSAGES.loginFailed;
  if (error.kind === 'timeout') return ERROR_MESSAGES.loginTimeout;
  if (error.kind !== 'http') return ERROR_MESSAGES.loginFailed;
  if (error.status === 401) return serverMessage(error) ?? ERROR_MESSAGES.invalidCredentials;
  return serverMessage(error) ?? ERROR_MESSAGES.loginError;
}

/** SPEC.md §8, registration rows. */
export function registrationErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'timeout') {
    return ERROR_MESSAGES.registrationTimeout;
  }
  return serverMessage(error) ?? ERROR_MESSAGES.registrationFailed;
}

export function isEmailNotVerified(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 403 && error.code === ERROR_CODES.emailNotVerified
  );
}
