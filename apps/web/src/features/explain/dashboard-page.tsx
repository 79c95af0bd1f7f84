import type { ProviderId } from '@grasp/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_PARAM, searchPath } from '../../config/paths.ts';
import { useSettings } from '../settings/settings-store.ts';
import { resolveProvider, useProviders } from './api/providers-store.ts';
import { RecentConcepts } from './components/recent-concepts.tsx';
import { ResultError, ResultLoading } from './components/result-status.tsx';
import { type ResultSlots, ResultView } from './components/result-view.tsx';
import { SearchBar } from './components/search-bar.tsx';
import { StartScreen } from './components/start-screen.tsx';
import { StreamingView } from './components/streaming-view.tsx';
import {
  type CurrentConcept,
  type RecentConcept,
  useConceptStore,
} from './stores/concept-store.ts';

const SEARCH_ID = 'concept-search';
const PROVIDER_SELECT_ID = 'ai-provider';

/** What the page offers the parts another feature adds under an explanation. */
export interface DashboardActions {
  /** Leads to the AI provider choice in the search bar. */
  chooseProvider: () => void;
  /** The provider chosen there now, as the next explanation would ask it. */
  provider: () => ProviderId | undefined;
}

function chosenProvider(): ProviderId | undefined {
  return resolveProvider(useSettings.getState().aiProvider, useProviders.getState().data);
}

/** Adds another feature's parts to the explanation shown (the app composes them). */
export type DashboardResultSlots = (
  concept: CurrentConcept,
  actions: DashboardActions,
) => ResultSlots;

function initialQueryOf(state: unknown): string | null {
  const value = (state as { initialQuery?: unknown } | null)?.initialQuery;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function ResultArea({
  onSearch,
  onChangeStyle,
  slots,
}: {
  onSearch: (query: string) => void;
  onChangeStyle: () => void;
  slots?: (concept: CurrentConcept) => ResultSlots;
}) {
  const {
    currentConcept,
    loading,
    error,
    activeQuery,
    pendingProvider,
    pendingLanguage,
    streamingText,
  } = useConceptStore();
  const regenerate = useConceptStore((s) => s.regenerate);

  if (loading && streamingText) {
    return (
      <StreamingView
        query={activeQuery ?? ''}
        text={streamingText}
        provider={pendingProvider}
        language={pendingLanguage}
      />
    );
  }
  if (loading) return <ResultLoading query={activeQuery ?? ''} provider={pendingProvider} />;
  if (error) return <ResultError error={error} onRetry={() => onSearch(activeQuery ?? '')} />;
  if (currentConcept) {
    return (
      <ResultView
        key={`${currentConcept.query}\n${currentConcept.content.response}`}
        concept={currentConcept}
        onSearch={onSearch}
        onRegenerate={() => void regenerate()}
        onChangeStyle={onChangeStyle}
        slots={slots?.(currentConcept)}
      />
    );
  }
  return <StartScreen onSearch={onSearch} />;
}

/** /dashboard: search, the explanation, and the recently viewed concepts (SPEC.md §2). */
export function DashboardPage({
  resultSlots,
  recentItemAction,
}: {
  resultSlots?: DashboardResultSlots;
  /** A control beside each recent concept, given by another feature (share: stop sharing). */
  recentItemAction?: (item: RecentConcept) => ReactNode;
} = {}) {
  const search = useConceptStore((s) => s.search);
  const loading = useConceptStore((s) => s.loading);
  const recent = useConceptStore((s) => s.recent);
  const activeQuery = useConceptStore((s) => s.activeQuery);
  const current = useConceptStore((s) => s.currentConcept);
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const inputRef = useRef<HTMLInputElement>(null);
  const started = useRef(false);

  const runSearch = (query: string) => {
    const trimmed = query.trim();
    if (!trimmed) return;
    // The address names the concept, so Share and reload lead back to it.
    navigate(searchPath(trimmed), { replace: true });
    void search(trimmed);
  };

  const scrollToSearch = () => {
    document.getElementById(SEARCH_ID)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    inputRef.current?.focus({ preventScroll: true });
  };

  const chooseProvider = () => {
    document.getElementById(SEARCH_ID)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    document.getElementById(PROVIDER_SELECT_ID)?.focus({ preventScroll: true });
  };

  const runFromBelow = (query: string) => {
    runSearch(query);
    document.getElementById(SEARCH_ID)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  // A query handed over by the landing page (or in the address) is searched once on arrival.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on arrival only
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = initialQueryOf(location.state) ?? params.get(SEARCH_PARAM)?.trim();
    if (query) runSearch(query);
  }, []);

  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <h1 className="sr-only">Explain a concept</h1>
      <SearchBar
        id={SEARCH_ID}
        loading={loading}
        lastQuery={activeQuery}
        onSearch={runSearch}
        inputRef={inputRef}
        providerSelectId={PROVIDER_SELECT_ID}
      />
      <div aria-live="polite" className="sr-only">
        {!loading && current ? `Explanation of ${current.query} is ready.` : ''}
      </div>
      <ResultArea
        onSearch={runFromBelow}
        onChangeStyle={scrollToSearch}
        slots={
          resultSlots &&
          ((concept) => resultSlots(concept, { chooseProvider, provider: chosenProvider }))
        }
      />
      <RecentConcepts
        items={recent}
        onSearch={runFromBelow}
        disabled={loading}
        itemAction={recentItemAction}
      />
    </main>
  );
}
