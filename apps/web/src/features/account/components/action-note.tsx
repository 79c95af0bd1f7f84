import { FormAlert } from '../../auth/index.ts';
import type { ActionState } from './use-action.ts';

/** A form's outcome: an alert for a failure, a status line for a success. */
export function ActionNote({ state, id }: { state: ActionState; id?: string }) {
  return (
    <>
      <FormAlert id={id} message={state.status === 'failed' ? state.message : null} />
      <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
        {state.status === 'done' ? state.message : ''}
      </p>
    </>
  );
}
