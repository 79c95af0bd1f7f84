import type { ReactNode } from 'react';

/** The narrow card of the pages a mailed link or the sign-in page leads to. */
export function LinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/** A finished step's message, announced and marked by colour and icon-free text. */
export function Outcome({ ok, message }: { ok: boolean; message: string }) {
  return (
    <div
      role={ok ? 'status' : 'alert'}
      className={`rounded-lg p-4 text-sm ${
        ok
          ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100'
          : 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100'
      }`}
    >
      {message}
    </div>
  );
}
