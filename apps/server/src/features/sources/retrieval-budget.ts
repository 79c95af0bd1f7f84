import type { FindSources, RetrievedSource, SourceAsk } from './source-finder.ts';

/** The most retrieval may add before an explanation starts: past it, the answer has no sources. */
export const RETRIEVAL_BUDGET_MS = 1500;

/**
 * Runs a finder within `budgetMs`. Whatever happens (slow, down, throws) the result is a list,
 * empty when none could be had in time: retrieval never fails or holds up an explanation.
 */
export async function withinBudget(
  find: FindSources,
  ask: Omit<SourceAsk, 'signal'> & { signal?: AbortSignal | undefined },
  budgetMs: number,
): Promise<RetrievedSource[]> {
  const budget = new AbortController();
  const signal = ask.signal ? AbortSignal.any([ask.signal, budget.signal]) : budget.signal;
  let timer: NodeJS.Timeout | undefined;
  // Resolves at the budget even if a finder ignores its signal (a slow cache, say).
  const spent = new Promise<RetrievedSource[]>((resolve) => {
    timer = setTimeout(() => {
      budget.abort(new DOMException('Retrieval took longer than its budget', 'TimeoutError'));
      resolve([]);
    }, budgetMs);
  });
  try {
    return await Promise.race([find({ ...ask, signal }), spent]);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}
