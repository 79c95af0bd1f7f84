import { ApiError } from '../../../lib/api-client.ts';
import type { ResponseParser } from '../../../lib/api-stream.ts';

/** Checks an answer of our API against its contract schema; a mismatch is a failed call. */
export function parseResponse<T>(schema: ResponseParser<T>, value: unknown, failure: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError('http', 0, 'BAD_RESPONSE', failure);
  return parsed.data;
}
