import type { ReactNode, Ref } from 'react';
import { AlertCircleIcon } from './icons.tsx';

interface FormAlertProps {
  id?: string;
  message: string | null;
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
}

/**
 * The form's error region. It stays in the DOM while empty so screen readers announce the
 * message the moment it appears; tabIndex lets the form move focus onto it.
 */
export function FormAlert({ id, message, ref, children }: FormAlertProps) {
  return (
    <div id={id} ref={ref} role="alert" tabIndex={-1} className="outline-none">
      {message ? (
        <div className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200">
          <AlertCircleIcon className="mt-0.5 h-4 w-4 shrink-0" />
          <div className="min-w-0 flex-1">
            <p>{message}</p>
            {children}
          </div>
        </div>
      ) : null}
    </div>
  );
}
