import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
  muted?: boolean;
}

/** One landing section: an anchor target for the header links, with a focusable heading. */
export function Section({ id, title, lead, children, muted = false }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-16 py-16 sm:py-20 ${muted ? 'bg-slate-50 dark:bg-slate-900/60' : ''}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id={`${id}-title`}
          tabIndex={-1}
          className="text-center text-3xl font-bold tracking-tight outline-none sm:text-4xl"
        >
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-slate-600 dark:text-slate-300">
          {lead}
        </p>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
