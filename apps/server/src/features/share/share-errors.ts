import { ERROR_CODES } from '@grasp/contract';
import { AppError } from '../../lib/errors.ts';

export const shareNotFound = () =>
  new AppError(404, ERROR_CODES.notFound, 'This share link was not found.');

/** A server started from source before `npm run build` has no share page renderer. */
export const sharePagesUnavailable = () =>
  new AppError(
    503,
    ERROR_CODES.serviceUnavailable,
    'Share pages are not available until the web app is built (npm run build).',
  );
