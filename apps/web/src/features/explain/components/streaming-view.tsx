import { explanationProviderLabel, type LanguageId, parseExplanation } from '@grasp/contract';
import { useMemo } from 'react';
import { SectionCard } from '../../../components/explanation/section-card.tsx';
import { useScriptFonts } from '../lib/script-fonts.ts';

/** The answer while it streams in: sections appear as their headings arrive. */
export function StreamingView({
  query,
  text,
  provider,
  language = 'en',
  fromMaterial = false,
}: {
  query: string;
  text: string;
  provider: string | null;
  language?: LanguageId | null;
  /** Grounded in the learner's material (the offline label then says so). */
  fromMaterial?: boolean;
}) {
  const { sections } = useMemo(() => parseExplanation(text), [text]);
  const lang = language ?? 'en';
  useScriptFonts([lang]);
  return (
    <article aria-labelledby="streaming-title" aria-busy="true" className="space-y-6">
      <header className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <span
            aria-hidden="true"
            className="mr-2 inline-block h-2 w-2 animate-pulse rounded-full bg-indigo-500"
          />
          Writing with {explanationProviderLabel(provider ?? '', fromMaterial)}…
        </p>
        <h2
          id="streaming-title"
          className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-slate-100"
        >
          {query}
        </h2>
      </header>
      <ol className="space-y-3" aria-label="Explanation sections" lang={lang}>
        {sections.map((section) => (
          <li key={`${section.timeRange[0]}-${section.title}`}>
            <SectionCard section={section} />
          </li>
        ))}
      </ol>
    </article>
  );
}
