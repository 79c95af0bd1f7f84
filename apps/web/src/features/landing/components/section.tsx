import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
  muted?: boolean;
  /**
   * The section's content height (inside its padding) before the browser has laid it out, as
   * `contain-intrinsic-size` classes for narrow screens and wide: near the real one, so the
   * scrollbar and a link to a section below land where they will once it is drawn.
   */
  size: string;
}

/**
 * One landing section: an anchor target for the header links, with a focusable heading. Off
 * screen, the browser neither styles, lays out nor paints it until it scrolls near
 * (`content-visibility: auto`): the page's first task does the hero's work only (issue 36).
 */
export function Section({ id, title, lead, children, muted = false, size }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-16 py-16 [content-visibility:auto] sm:py-20 ${size} ${muted ? 'bg-slate-50 dark:bg-slate-900/60' : ''}`}
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
