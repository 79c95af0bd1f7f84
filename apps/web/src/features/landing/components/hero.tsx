import { QUERY_MAX_LENGTH } from '@grasp/contract';
import { type FormEvent, useId, useRef } from 'react';
import { StrokeIcon } from '../../../components/ui/stroke-icon.tsx';
import { paths, SEARCH_PARAM } from '../../../config/paths.ts';

const PREVIEW = [
  ['0–20 s', 'What gravity is'],
  ['20–50 s', 'How mass bends space'],
  ['50–90 s', 'Everyday examples'],
  ['90–120 s', 'Key takeaways'],
] as const;

/** A glimpse of a result: timed sections adding up to two minutes. Decorative on large screens. */
function ResultPreview() {
  return (
    <div
      aria-hidden="true"
      className="hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-indigo-100 lg:block dark:border-slate-800 dark:bg-slate-900 dark:shadow-none"
    >
      <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
        Standard · Beginner
      </p>
      <p className="mt-1 text-2xl font-bold">Gravity</p>
      <ol className="mt-5 space-y-3">
        {PREVIEW.map(([range, title], i) => (
          <li key={range} className="flex items-center gap-3">
            <span
              className={`h-2.5 w-2.5 shrink-0 rounded-full ${i === 0 ? 'bg-indigo-600' : 'bg-slate-300 dark:bg-slate-600'}`}
            />
            <span className="w-20 shrink-0 text-sm text-slate-600 tabular-nums dark:text-slate-300">
              {range}
            </span>
            <span className="font-medium">{title}</span>
          </li>
        ))}
      </ol>
      <div className="mt-6 h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
        <div className="h-full w-1/3 rounded-full bg-indigo-600" />
      </div>
    </div>
  );
}

/**
 * The hero: the promise, and the search box that starts everything. A plain GET form to the
 * dashboard, which searches its `q` (through sign-in for a visitor), so it works before the app
 * has started; once it has, the app takes the query over without reloading.
 */
export function Hero({ onSearch }: { onSearch: (query: string) => boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A blank query is ignored (SPEC.md §2); focus stays in the box for the next try.
    if (!onSearch(inputRef.current?.value ?? '')) inputRef.current?.focus();
  };
  return (
    <section className="bg-gradient-to-b from-indigo-50 to-white dark:from-indigo-950/40 dark:to-slate-950">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.3fr_1fr]">
        <div>
          <p className="inline-flex rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-100">
            Six styles · three levels · timed sections
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Understand any concept in{' '}
            <span className="text-indigo-700 dark:text-indigo-300">two minutes</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-300">
            Type an idea and get a short, structured explanation, paced for a two-minute read, in
            the style and at the level you choose.
          </p>
          <search aria-label="Explain a concept" className="mt-8 block">
            <form method="get" action={paths.dashboard} onSubmit={submit}>
              <label htmlFor={inputId} className="sr-only">
                Concept to explain
              </label>
              <div className="flex flex-col gap-2 rounded-2xl border border-slate-300 bg-white p-2 shadow-sm focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/30 sm:flex-row dark:border-slate-700 dark:bg-slate-900">
                <div className="flex flex-1 items-center gap-2 px-2">
                  <StrokeIcon
                    d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4"
                    className="h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400"
                  />
                  <input
                    ref={inputRef}
                    id={inputId}
                    name={SEARCH_PARAM}
                    type="text"
                    enterKeyHint="search"
                    autoComplete="off"
                    maxLength={QUERY_MAX_LENGTH}
                    placeholder="What concept would you like to learn?"
                    className="h-11 w-full min-w-0 bg-transparent text-base outline-none placeholder:text-slate-500 dark:placeholder:text-slate-400"
                  />
                </div>
                <button
                  type="submit"
                  className="h-11 rounded-xl bg-indigo-600 px-6 font-semibold text-white hover:bg-indigo-700"
                >
                  Explain
                </button>
              </div>
            </form>
          </search>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            Free to start, no card needed. Popular topics and plans are below.
          </p>
        </div>
        <ResultPreview />
      </div>
    </section>
  );
}
