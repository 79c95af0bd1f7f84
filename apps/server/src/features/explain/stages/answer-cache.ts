import { type ExplainResponse, explainResponseSchema, type LanguageId } from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types.ts';
import type { Clock } from '../../../lib/clock.ts';
import * as repo from '../explain.repository.ts';
import { createRecentAnswers } from '../recent-answers.ts';
import type { Answer } from './check.ts';

type SharedResponse = Omit<ExplainResponse, 'explanationId'>;

// Answers cached before suggested questions existed have none; before languages, they were English.
export const cachedAnswerSchema = explainResponseSchema
  .omit({ cached: true, explanationId: true })
  .extend({ suggestedQuestions: explainResponseSchema.shape.suggestedQuestions.default([]) });

/** What makes two asks the same answer. */
export interface AnswerKey {
  queryKey: string;
  template: string;
  difficulty: string;
  providerId: string;
  language: LanguageId;
  materialId?: string | undefined;
}

/** English keys are those of before languages, so the answers cached then are still found. */
export function cacheKeyOf(k: AnswerKey): string {
  const key = [k.queryKey, k.template, k.difficulty, k.providerId];
  const keyed = k.language === 'en' ? key : [...key, k.language];
  // A material's answer is its own: the same concept from other pages is another answer.
  return (k.materialId ? [...keyed, `material:${k.materialId}`] : keyed).join('|');
}

/**
 * A response served from the cache: the caller's explanationId, then the fields of the answer's
 * shared part, which is one frozen object encoded once (explain.routes.ts) and kept here out of
 * sight of JSON and of equality. A WeakMap from response to part cost more than the rest of
 * serving it: an ephemeron entry per request.
 */
class CachedResponse {
  readonly #shared: SharedResponse;
  readonly explanationId: string;
  constructor(explanationId: string, shared: SharedResponse) {
    this.explanationId = explanationId;
    Object.assign(this, shared);
    this.#shared = shared;
  }
  static sharedPartOf(value: object): SharedResponse | undefined {
    return #shared in value ? (value as CachedResponse).#shared : undefined;
  }
}
export const sharedPartOf = (response: object) => CachedResponse.sharedPartOf(response);

/**
 * The answers already composed: the shared cache table with a short in-process memory in front,
 * and the one response object per cached answer whose encoding is reused.
 */
export function createAnswerCache(db: Kysely<DB>, clock: Clock) {
  const recent = createRecentAnswers<Answer>({ max: 500, ttlMs: 60_000, now: () => Date.now() });
  const responses = new WeakMap<Answer, SharedResponse>();
  const servedFromCache = (answer: Answer): SharedResponse => {
    let response = responses.get(answer);
    if (!response) {
      response = Object.freeze({ ...answer, cached: true });
      responses.set(answer, response);
    }
    return response;
  };
  return {
    /** The answer stored under the key, from memory or the table; null when none or unreadable. */
    async read(key: string): Promise<Answer | null> {
      const remembered = recent.get(key);
      if (remembered) return remembered;
      const json = await repo.readCachedAnswer(db, key);
      if (!json) return null;
      const parsed = cachedAnswerSchema.safeParse(JSON.parse(json));
      if (!parsed.success) return null;
      recent.set(key, parsed.data);
      return parsed.data;
    },
    /** In memory only: an answer remembered moments ago by a call that just ended. */
    recent: (key: string) => recent.get(key),
    async remember(key: string, answer: Answer): Promise<void> {
      await repo.saveCachedAnswer(db, {
        cacheKey: key,
        provider: answer.provider,
        responseJson: JSON.stringify(answer),
        createdAt: clock.now(),
      });
      recent.set(key, answer);
    },
    /** The caller's response for a cached answer. */
    response: (explanationId: string, answer: Answer): ExplainResponse =>
      new CachedResponse(explanationId, servedFromCache(answer)) as ExplainResponse &
        CachedResponse,
  };
}
export type AnswerCache = ReturnType<typeof createAnswerCache>;
