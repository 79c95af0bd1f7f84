import {
  type DistillRequest,
  type DistillResponse,
  distillResponseSchema,
  ERROR_MESSAGES,
} from '@grasp/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export const DISTILL_PATH = '/api/concepts/distill';

/** Thrown when the server distilled nothing, so the page can say so (SPEC.md §8). */
export class NoConceptsError extends Error {
  override name = 'NoConceptsError';
  constructor() {
    super(ERROR_MESSAGES.distillEmpty);
  }
}

function hasNoConcepts(body: unknown): boolean {
  const concepts = (body as { concepts?: unknown } | null)?.concepts;
  return Array.isArray(concepts) && concepts.length === 0;
}

/** POST /api/concepts/distill: the subject's concepts and the template to explain them with. */
export async function distillConcepts(
  request: DistillRequest,
  signal?: AbortSignal,
): Promise<DistillResponse> {
  const body = await apiRequest<unknown>(DISTILL_PATH, { body: request, signal });
  if (hasNoConcepts(body)) throw new NoConceptsError();
  const parsed = distillResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError('http', 0, 'BAD_RESPONSE', ERROR_MESSAGES.distillFailed);
  return parsed.data;
}
