import { ERROR_CODES, type ErrorCode } from '@grasp/contract';
import type { Message } from './i18n.ts';

/** An error whose status, code and message may be shown to the caller as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
    /** Response headers that go with it (`retry-after` on a 503). */
    readonly headers?: Record<string, string>,
    /** The message's catalog key and values, when the English sentence has values in it. */
    readonly messageRef?: Message,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, ERROR_CODES.notFound, message);
export const forbidden = (message = 'You may only access your own data') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const unauthorized = (message = 'Please sign in again') =>
  new AppError(401, ERROR_CODES.unauthorized, message);
export const badRequest = (message: string) => new AppError(400, ERROR_CODES.validation, message);
