import { type ReactNode, useId } from 'react';

/** One titled card of the /account page, named for screen readers by its heading. */
export function Section({
  title,
  intro,
  children,
  tone = 'plain',
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  tone?: 'plain' | 'danger';
}) {
  const headingId = useId();
  const border =
    tone === 'danger'
      ? 'border-red-200 dark:border-red-900/70'
      : 'border-slate-200 dark:border-slate-800';
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white p-5 sm:p-6 dark:bg-slate-900 ${border}`}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
