import {
  DIFFICULTY_LABELS,
  MAX_RELATED_CONCEPTS,
  parseExplanation,
  type SharedExplanationView,
  templateLabel,
} from '@grasp/contract';
import { SiteFooter } from '../../../app/site-footer.tsx';
import { SectionCard } from '../../../components/explanation/section-card.tsx';
import { SourcesList, SourcesProvider } from '../../../components/explanation/sources.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { SkipLink } from '../../../components/ui/skip-link.tsx';
import { paths } from '../../../config/paths.ts';

// Rendered on the server: one fixed zone, so every reader sees the same date.
const longDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' });

function Tag({ children, label }: { children: string; label: string }) {
  return (
    <span className="inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
      <span className="sr-only">{label}: </span>
      {children}
    </span>
  );
}

/** "Explain something else": signed-in readers are sent on to the dashboard by /login. */
function CallToAction({ className = '' }: { className?: string }) {
  return (
    <a href={paths.register} className={`${buttonClass('primary')} print:hidden ${className}`}>
      Explain something else
    </a>
  );
}

/**
 * The public page of a shared explanation (/s/{shareId}): the explanation with its sections and
 * follow-ups, readable without an account and without JavaScript. Rendered on the server from
 * the stored record; the sharer appears by first name only.
 */
export function SharePage({ view }: { view: SharedExplanationView }) {
  const { sections, relatedConcepts: parsedRelated } = parseExplanation(view.response);
  const related = (view.relatedConcepts.length > 0 ? view.relatedConcepts : parsedRelated).slice(
    0,
    MAX_RELATED_CONCEPTS,
  );
  const date = new Date(view.createdAt);
  const glossary = view.glossary ?? [];
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 print:hidden dark:border-slate-800">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <CallToAction />
        </div>
      </header>

      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 print:py-0">
        <article aria-labelledby="share-title" className="space-y-6">
          <header className="space-y-3">
            <div className="flex flex-wrap gap-2">
              <Tag label="Style">{templateLabel(view.template)}</Tag>
              <Tag label="Level">{DIFFICULTY_LABELS[view.difficulty]}</Tag>
            </div>
            <h1
              id="share-title"
              className="text-3xl font-bold tracking-tight break-words text-slate-900 dark:text-slate-100"
            >
              {view.query}
            </h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {view.sharerFirstName ? `Shared by ${view.sharerFirstName}` : 'Shared with you'}
              {' · '}
              <time dateTime={date.toISOString()}>{longDate.format(date)}</time>
            </p>
          </header>

          <SourcesProvider sources={view.sources}>
            <ol className="space-y-3" aria-label="Explanation sections">
              {sections.map((section) => (
                <li key={`${section.timeRange[0]}-${section.title}`}>
                  <SectionCard section={section} collapsible={false} />
                </li>
              ))}
            </ol>
            <SourcesList sources={view.sources} />
          </SourcesProvider>

          {glossary.length > 0 && (
            <section aria-labelledby="share-glossary" className="break-inside-avoid">
              <h2 id="share-glossary" className="mb-3 text-xl font-semibold">
                Glossary
              </h2>
              <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                {glossary.map((entry) => (
                  <div key={entry.term} className="contents">
                    <dt className="font-semibold">{entry.term}</dt>
                    <dd className="text-slate-700 dark:text-slate-300">{entry.meaning}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          {related.length > 0 && (
            <section aria-labelledby="share-related" className="break-inside-avoid">
              <h2 id="share-related" className="mb-2 text-xl font-semibold">
                Related Concepts
              </h2>
              <ul className="flex flex-wrap gap-2">
                {related.map((name) => (
                  <li
                    key={name}
                    className="rounded-lg border border-slate-200 px-3 py-1.5 text-sm dark:border-slate-700"
                  >
                    {name}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </article>

        <aside
          aria-labelledby="share-cta"
          className="mt-10 rounded-2xl bg-indigo-50 p-6 text-center print:hidden dark:bg-indigo-950/60"
        >
          <h2 id="share-cta" className="text-xl font-semibold">
            Understand any concept in two minutes
          </h2>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Type a concept and get a clear, timed explanation in the style and level you choose.
          </p>
          <CallToAction className="mt-4" />
        </aside>
      </main>
      <div className="print:hidden">
        <SiteFooter />
      </div>
    </div>
  );
}
