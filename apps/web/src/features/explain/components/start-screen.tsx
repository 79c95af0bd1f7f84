import { DIFFICULTIES, DIFFICULTY_LABELS, PRODUCT_NAME } from '@grasp/contract';
import { SELECTABLE_TEMPLATES } from './style-picker.tsx';

export const POPULAR_TOPICS = [
  'Photosynthesis',
  'Machine Learning',
  'Inflation',
  'Black Holes',
  'Blockchain',
  'The French Revolution',
] as const;

const STEPS = [
  ['Ask', 'Type any concept, from quantum physics to compound interest.'],
  ['Choose', 'Pick a style and a level that suit how you learn.'],
  ['Grasp it', 'Read a timed, structured explanation in about two minutes.'],
] as const;

const LEVEL_TEXT = {
  beginner: 'No background needed; plain words and everyday examples.',
  intermediate: 'Builds on the basics with mechanisms and real cases.',
  advanced: 'Precise terms, nuances and the edges of the idea.',
} as const;

function Heading({ children }: { children: string }) {
  return <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{children}</h2>;
}

/** Shown before the first search: what the product does and a few topics to start with. */
export function StartScreen({ onSearch }: { onSearch: (query: string) => void }) {
  return (
    <section aria-label="Getting started" className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-slate-100">
          Learn any concept in two minutes
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
          {PRODUCT_NAME} breaks an idea into short, timed sections you can read (or listen to) in
          about two minutes, with related concepts to explore next.
        </p>
      </div>

      <div>
        <Heading>How it works</Heading>
        <ol className="mt-3 grid gap-3 sm:grid-cols-3">
          {STEPS.map(([title, text], index) => (
            <li
              key={title}
              className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            >
              <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">
                {index + 1}. {title}
              </p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ol>
      </div>

      <div>
        <Heading>Six explanation styles</Heading>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {SELECTABLE_TEMPLATES.map((t) => (
            <li key={t.id} className="text-sm text-slate-700 dark:text-slate-300">
              <span className="font-semibold">{t.name}</span>: {t.description.toLowerCase()}
            </li>
          ))}
        </ul>
      </div>

      <div>
        <Heading>Three levels</Heading>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {DIFFICULTIES.map((level) => (
            <li
              key={level}
              className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            >
              <p className="font-semibold text-slate-900 dark:text-slate-100">
                {DIFFICULTY_LABELS[level]}
              </p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{LEVEL_TEXT[level]}</p>
            </li>
          ))}
        </ul>
      </div>

      <div>
        <Heading>Popular topics</Heading>
        <ul className="mt-3 flex flex-wrap gap-2">
          {POPULAR_TOPICS.map((topic) => (
            <li key={topic}>
              <button
                type="button"
                onClick={() => onSearch(topic)}
                className="rounded-full border border-slate-300 px-4 py-1.5 text-sm text-slate-800 hover:border-indigo-400 hover:bg-indigo-50 dark:border-slate-700 dark:text-slate-200 dark:hover:border-indigo-500 dark:hover:bg-indigo-950"
              >
                {topic}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
