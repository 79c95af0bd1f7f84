import type { ProviderId } from '@grasp/contract';
import type { APICallError } from 'ai';
import { ProviderFailureError, ProviderTimeoutError } from './provider.ts';

/**
 * Maps what the AI SDK threw, or put in a stream's `error` part, to the errors of provider.ts.
 * The caller's own abort (not a timeout) is returned as the signal's reason, so that a client
 * going away is not counted as a vendor failure.
 */
export async function toProviderError(
  id: ProviderId,
  error: unknown,
  signal: AbortSignal,
): Promise<unknown> {
  if (signal.aborted) {
    // Checked first: after an abort the SDK may report a generic error instead of the reason.
    return isTimeout(signal.reason) ? timeoutError(id, error) : signal.reason;
  }
  if (error instanceof ProviderFailureError || error instanceof ProviderTimeoutError) return error;
  // Loaded already: only a call through the SDK gets here.
  const { APICallError, RetryError } = await import('ai');
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  // The SDK's own `timeout` option aborts with a TimeoutError too.
  if (isTimeout(cause)) return timeoutError(id, cause);
  const { message, status } = describeFailure(cause, APICallError.isInstance);
  return withCause(new ProviderFailureError(`${id}: ${message}`, status), cause);
}

function timeoutError(id: ProviderId, cause: unknown): ProviderTimeoutError {
  return withCause(new ProviderTimeoutError(`${id} did not answer in time`), cause);
}

function isTimeout(value: unknown): boolean {
  return isRecord(value) && value.name === 'TimeoutError';
}

/** Vendor errors come as APICallError, or as plain objects inside streams. */
function describeFailure(
  cause: unknown,
  isApiCallError: (value: unknown) => value is APICallError,
): { message: string; status: number | undefined } {
  if (isApiCallError(cause)) {
    return { message: cause.message, status: errorStatus(cause.statusCode) };
  }
  if (isRecord(cause)) {
    const message = typeof cause.message === 'string' ? cause.message : 'unexpected error';
    return { message, status: errorStatus(cause.statusCode ?? cause.status) };
  }
  return { message: String(cause), status: undefined };
}

/** Only an HTTP error status is worth reporting: a malformed 200 has none. */
function errorStatus(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 400 && value <= 599 ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function withCause<E extends Error>(error: E, cause: unknown): E {
  error.cause = cause;
  return error;
}
