import { Link } from 'react-router';
import { searchPath } from '../../../config/paths.ts';
import { Section } from './section.tsx';

/** Topics the offline explainer knows too, so every one works without an AI key. */
export const POPULAR_TOPICS = [
  'Photosynthesis',
  'Black hole',
  'Quantum mechanics',
  'Artificial intelligence',
  'Inflation',
  'Democracy',
  'DNA',
  'Climate change',
] as const;

/** Each topic a link to its explanation: it works as HTML, before the app has started. */
export function PopularTopics() {
  return (
    <Section
      id="popular-topics"
      size="[contain-intrinsic-size:auto_370px] lg:[contain-intrinsic-size:auto_220px]"
      title="Popular topics"
      lead="Not sure where to start? Pick one and see how it works."
    >
      <ul className="flex flex-wrap justify-center gap-3">
        {POPULAR_TOPICS.map((topic) => (
          <li key={topic}>
            <Link
              to={searchPath(topic)}
              className="inline-block rounded-full border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:border-indigo-500 hover:text-indigo-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-indigo-400 dark:hover:text-indigo-300"
            >
              {topic}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
