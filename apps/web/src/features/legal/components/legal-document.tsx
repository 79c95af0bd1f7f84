import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** The other legal page, linked at the end. */
  related: { to: string; label: string };
}

/**
 * The shared frame of /terms and /privacy: a readable measure, a table of contents that
 * links to each section, and one h2 per section for screen-reader navigation.
 */
export function LegalDocument({ title, updated, intro, sections, related }: LegalDocumentProps) {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Last updated: {updated}</p>
      <div className="mt-6 text-lg leading-relaxed text-slate-700 dark:text-slate-200">{intro}</div>
      <nav
        aria-label="Contents"
        className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
          Contents
        </h2>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm sm:columns-2 sm:gap-8">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, i) => (
        <section key={section.id} id={section.id} className="mt-10 scroll-mt-20">
          <h2 className="text-xl font-semibold">
            {i + 1}. {section.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700 dark:text-slate-200">
            {section.body}
          </div>
        </section>
      ))}
      <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
        See also our{' '}
        <Link
          to={related.to}
          className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {related.label}
        </Link>
        .
      </p>
    </main>
  );
}

/** A bulleted list inside a legal section. */
export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-6 marker:text-slate-400">
      {items.map((item, i) => (
        // Static text that never reorders: the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static, never reordered
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
