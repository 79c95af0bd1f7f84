import { ADMIN_MESSAGES } from '@grasp/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

export const card =
  'overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center text-indigo-600 dark:text-indigo-400">
      <Spinner label={label} className="h-8 w-8" />
    </div>
  );
}

export function Failed({ message, retry }: { message?: string; retry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
    >
      <p className="font-semibold">{message ?? ADMIN_MESSAGES.loadFailed}</p>
      <Button variant="secondary" className="mt-3" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="px-5 py-8 text-center text-slate-600 dark:text-slate-300">{children}</p>;
}
