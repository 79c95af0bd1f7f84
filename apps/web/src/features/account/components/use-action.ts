import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

export type ActionState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'done'; message: string }
  | { status: 'failed'; message: string };

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong.';

/** One form's request: busy while it runs, then the server's message or its error. */
export function useAction() {
  const [state, setState] = useState<ActionState>({ status: 'idle' });
  const run = useCallback(async (work: () => Promise<string>) => {
    setState({ status: 'busy' });
    try {
      setState({ status: 'done', message: await work() });
      return true;
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error) });
      return false;
    }
  }, []);
  const fail = useCallback((message: string) => setState({ status: 'failed', message }), []);
  return { state, run, fail, busy: state.status === 'busy' };
}
