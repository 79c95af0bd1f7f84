import { ERROR_MESSAGES } from '@grasp/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

export interface Loaded<T> {
  status: 'loading' | 'ready' | 'error';
  /** The last answer; kept while the next one loads, so a table does not blink between pages. */
  data: T | undefined;
  error: ApiError | null;
  reload: () => void;
}

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError('http', 0, 'UNEXPECTED', ERROR_MESSAGES.unexpected);
}

/**
 * Loads what `load` answers whenever `key` changes (a query string, an id); an answer for an
 * older key is dropped, and leaving the page aborts the request.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({
    status: 'loading',
    data: undefined,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key and attempt say when to load again
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, status: 'loading', error: null }));
    loadRef
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, status: 'error', error: asApiError(error) }));
      });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
