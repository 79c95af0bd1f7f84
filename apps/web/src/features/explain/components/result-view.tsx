import {
  DIFFICULTY_LABELS,
  type ExplanationSection,
  explanationProviderLabel,
  MAX_RELATED_CONCEPTS,
  parseExplanation,
  SOURCE_NOTICES,
  type Source,
  templateLabel,
} from '@grasp/contract';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { MaterialNote } from '../../../components/explanation/material-note.tsx';
import { SectionCard } from '../../../components/explanation/section-card.tsx';
import { SourcesList, SourcesProvider } from '../../../components/explanation/sources.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useNarration } from '../hooks/use-narration.ts';
import type { CurrentConcept } from '../stores/concept-store.ts';
import { ActionBar } from './action-bar.tsx';
import { GlossaryTable, LanguageBadge } from './explanation-language.tsx';
import { RelatedConcepts } from './related-concepts.tsx';

const ConceptGraph = lazy(() => import('./concept-graph.tsx'));

/** Where a fallback's text came from, said plainly: the model failed, the learner paid nothing. */
function FallbackNote({ sources }: { sources: readonly Source[] }) {
  const fromWikipedia = sources.some((s) => s.origin === 'wikipedia');
  return (
    <div
      role="note"
      aria-label={SOURCE_NOTICES.fallbackTitle}
      className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
    >
      {fromWikipedia ? SOURCE_NOTICES.fallbackFromWikipedia : SOURCE_NOTICES.fallbackFromDictionary}
    </div>
  );
}

function Badge({ children, label }: { children: string; label: string }) {
  return (
    <span className="inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
      <span className="sr-only">{label}: </span>
      {children}
    </span>
  );
}

/** What another feature may add to one section's card (see SectionCard). */
export interface SectionSlot {
  id?: string;
  badge?: ReactNode;
  extra?: ReactNode;
}

/** Places where the page showing an explanation may add its own parts. */
export interface ResultSlots {
  section?: (section: ExplanationSection) => SectionSlot;
  /** Shown right under the sections. */
  afterSections?: ReactNode;
}

/** A finished explanation: badges, title, actions, timed sections, graph, related concepts. */
export function ResultView({
  concept,
  onSearch,
  onRegenerate,
  onChangeStyle,
  slots,
}: {
  concept: CurrentConcept;
  onSearch: (query: string) => void;
  onRegenerate: () => void;
  onChangeStyle: () => void;
  slots?: ResultSlots;
}) {
  const { query, content } = concept;
  const parsed = useMemo(() => parseExplanation(content.response), [content.response]);
  const narration = useNarration(parsed.sections, content.language);
  const related =
    content.relatedConcepts.length > 0 ? content.relatedConcepts : parsed.relatedConcepts;
  const graph = content.graph && content.graph.nodes.length > 0 ? content.graph : null;
  // Explanations saved before sources existed have none.
  const sources = content.sources ?? [];

  return (
    <SourcesProvider sources={sources}>
      <article aria-labelledby="result-title" className="space-y-6">
        <header className="space-y-3">
          <div className="flex flex-wrap gap-2">
            <Badge label="Provider">
              {explanationProviderLabel(content.provider, Boolean(content.material))}
            </Badge>
            <Badge label="Style">{templateLabel(content.template)}</Badge>
            <Badge label="Level">{DIFFICULTY_LABELS[content.difficulty]}</Badge>
            <LanguageBadge language={content.language} />
          </div>
          <h2
            id="result-title"
            className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-slate-100"
          >
            {query}
          </h2>
          {content.material && <MaterialNote material={content.material} sources={sources} />}
          {content.fallback && <FallbackNote sources={sources} />}
          <ActionBar
            query={query}
            explanationId={content.explanationId}
            narration={narration.state}
            onToggleAudio={narration.toggle}
            onRegenerate={() => {
              narration.stop();
              onRegenerate();
            }}
          />
        </header>

        <ol className="space-y-3" aria-label="Explanation sections" lang={content.language}>
          {parsed.sections.map((section, index) => {
            const slot = slots?.section?.(section);
            return (
              <li key={`${section.timeRange[0]}-${section.title}`}>
                <SectionCard
                  section={section}
                  status={narration.statusOf(index)}
                  id={slot?.id}
                  badge={slot?.badge}
                >
                  {slot?.extra}
                </SectionCard>
              </li>
            );
          })}
        </ol>
        <GlossaryTable glossary={content.glossary} language={content.language} />
        <SourcesList sources={sources} heading="h3" />

        {slots?.afterSections}

        {graph && (
          <section aria-label="Concept map">
            <Suspense
              fallback={<p className="text-sm text-slate-500 dark:text-slate-400">Loading map…</p>}
            >
              <ConceptGraph key={content.response} graph={graph} />
            </Suspense>
          </section>
        )}

        <Button variant="secondary" onClick={onChangeStyle}>
          Try a different explanation style
        </Button>

        <RelatedConcepts
          concepts={related.slice(0, MAX_RELATED_CONCEPTS)}
          onSearch={onSearch}
          lang={content.language}
        />
      </article>
    </SourcesProvider>
  );
}
