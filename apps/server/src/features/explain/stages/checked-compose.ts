import type { Recorder } from '../../../lib/recorder.ts';
import { tracing } from '../../../lib/tracing.ts';
import { extractRelatedConcepts } from '../answer.ts';
import {
  type ExplanationProvider,
  ProviderFailureError,
  ProviderTimeoutError,
} from '../providers/provider.ts';
import { type Answer, type CheckContext, parseAnswer } from './check.ts';
import { type ComposeRequest, compose, retryDelta } from './compose.ts';
import { keepPromise } from './keep-promise.ts';

/** A model's answer that broke the promise twice: served only when nothing better can be had. */
export class BrokenPromiseError extends Error {
  override name = 'BrokenPromiseError';
  constructor(
    reason: string,
    readonly answer: Answer,
  ) {
    super(reason);
  }
}

/** What the no-key explainer stands in for (DESIGN.md §18): timeout, 5xx, quota, unreachable. */
export const isModelFailure = (error: unknown) =>
  error instanceof ProviderFailureError ||
  error instanceof ProviderTimeoutError ||
  error instanceof BrokenPromiseError ||
  (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));

/**
 * compose → check and mend (DESIGN.md §18): what cannot be mended is asked once more, naming
 * what was wrong, after a retry delta that tells every listener to drop the text so far. A
 * model's answer that fails twice is thrown as BrokenPromiseError (the caller may fall back);
 * the no-key explainer's is served as it is. Each answer is counted once, by its outcome.
 */
export async function composeChecked(
  provider: ExplanationProvider,
  request: ComposeRequest,
  context: Omit<CheckContext, 'provider'>,
  emit: (delta: string) => void,
  recorder: Pick<Recorder, 'answerChecked'>,
): Promise<Answer> {
  const checked = async (feedback?: string) => {
    const asked = feedback ? { ...request, feedback } : request;
    const text = await tracing().inSpan('explain.compose', () => compose(provider, asked, emit));
    return tracing().inSpan('explain.check', async () => {
      const { answer, citationsDropped } = parseAnswer(text, { ...context, provider });
      return { answer, citationsDropped, verdict: keepPromise(answer.response, context.language) };
    });
  };
  let first = await checked();
  let outcome: 'pass' | 'mended' | 'reasked' | 'failed' =
    first.verdict.outcome === 'pass' && first.citationsDropped ? 'mended' : 'pass';
  // The no-key explainer would answer the same again: only a model is asked twice.
  if (first.verdict.outcome === 'reask' && provider.id !== 'offline') {
    emit(retryDelta(first.verdict.reason));
    first = await checked(first.verdict.reason);
    outcome = 'reasked';
  }
  const { answer, verdict } = first;
  if (verdict.outcome === 'reask') outcome = 'failed';
  else if (verdict.outcome === 'mended' && outcome === 'pass') outcome = 'mended';
  recorder.answerChecked(provider.id, outcome);
  const mended =
    verdict.outcome === 'mended'
      ? {
          ...answer,
          response: verdict.markdown,
          relatedConcepts: extractRelatedConcepts(verdict.markdown),
        }
      : answer;
  if (verdict.outcome === 'reask' && provider.id !== 'offline') {
    throw new BrokenPromiseError(verdict.reason, mended);
  }
  return mended;
}
