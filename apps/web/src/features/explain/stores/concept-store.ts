import {
  type Difficulty,
  type ExplainResponse,
  explainResponseSchema,
  type LanguageId,
  type ProviderId,
  type ProvidersResponse,
  type TemplateId,
} from '@grasp/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onSignOut, useAuth } from '../../../lib/auth-store.ts';
import { useSettings } from '../../settings/settings-store.ts';
import { resolveProvider, useProviders } from '../api/providers-store.ts';
import { requestExplanation } from '../api/request-explanation.ts';
import { type ExplainError, toExplainError } from '../lib/explain-errors.ts';
import { effectiveLanguage, languageAccess } from '../lib/language-access.ts';
import { effectiveTemplate } from '../lib/template-access.ts';
import { CONCEPTS_STORAGE_KEY, forgetSavedConcepts } from './saved-concepts.ts';

/** Kept small: localStorage is limited and old answers are cheap to ask again. */
export const MAX_CACHED_CONCEPTS = 20;
export const MAX_RECENT_CONCEPTS = 10;

export interface CurrentConcept {
  query: string;
  content: ExplainResponse;
}

export interface CachedConcept extends CurrentConcept {
  /** Creation time as a string (SPEC.md §3). */
  id: string;
  timestamp: number;
  template: TemplateId;
  difficulty: Difficulty;
  /** Absent on concepts saved before languages: those are English. */
  language?: LanguageId;
}

export interface RecentConcept {
  id: string;
  query: string;
  timestamp: number;
}

export interface ConceptState {
  currentConcept: CurrentConcept | null;
  concepts: CachedConcept[];
  recent: RecentConcept[];
  loading: boolean;
  error: ExplainError | null;
  /** The query being asked or last asked; Try Again re-runs it after a failure. */
  activeQuery: string | null;
  /** Provider asked by the running call, for the loading message. */
  pendingProvider: ProviderId | null;
  /** Language asked for by the running call, so the streamed text is marked and drawn in it. */
  pendingLanguage: LanguageId | null;
  /** Markdown received so far while an answer streams; empty otherwise. */
  streamingText: string;
  search: (query: string) => Promise<void>;
  /** Asks again for the current concept, past the client cache. */
  regenerate: () => Promise<void>;
  /** Forgets everything; runs on sign-out. */
  clear: () => void;
}

const EMPTY = {
  currentConcept: null,
  concepts: [],
  recent: [],
  loading: false,
  error: null,
  activeQuery: null,
  pendingProvider: null,
  pendingLanguage: null,
  streamingText: '',
} satisfies Partial<ConceptState>;

/** What makes two asks the same: SPEC.md §4's query, template and difficulty, and the language. */
interface AskKey {
  query: string;
  template: TemplateId;
  difficulty: Difficulty;
  language: LanguageId;
}

function matches(concept: CachedConcept, ask: AskKey): boolean {
  return (
    concept.query.trim().toLowerCase() === ask.query.trim().toLowerCase() &&
    concept.template === ask.template &&
    concept.difficulty === ask.difficulty &&
    (concept.language ?? 'en') === ask.language
  );
}

/** SPEC.md §4: same query (case-insensitive, trimmed), template and difficulty; same language. */
export function findCachedConcept(
  concepts: readonly CachedConcept[],
  ask: AskKey,
): CachedConcept | undefined {
  return concepts.find((c) => matches(c, ask));
}

function withRecent(recent: readonly RecentConcept[], query: string, now: number) {
  const key = query.toLowerCase();
  const rest = recent.filter((r) => r.query.toLowerCase() !== key);
  return [{ id: String(now), query, timestamp: now }, ...rest].slice(0, MAX_RECENT_CONCEPTS);
}

// The call in flight; a newer search or clear() aborts it and its answer is dropped.
let inFlight: AbortController | null = null;

type Set = (partial: Partial<ConceptState> | ((s: ConceptState) => Partial<ConceptState>)) => void;

async function run(set: Set, get: () => ConceptState, rawQuery: string, useCache: boolean) {
  const query = rawQuery.trim();
  if (!query) return;
  const settings = useSettings.getState();
  const { difficulty, aiProvider, promptTemplate } = settings;
  const user = useAuth.getState().user;
  const template = effectiveTemplate(promptTemplate, user?.plan);
  const known = useProviders.getState().data;
  const languageWith = (info: ProvidersResponse | null) =>
    effectiveLanguage(settings.language, languageAccess(aiProvider, info));
  const ask: AskKey = { query, template, difficulty, language: languageWith(known) };
  inFlight?.abort();
  inFlight = null;

  const hit = useCache ? findCachedConcept(get().concepts, ask) : undefined;
  if (hit) {
    set((s) => ({
      loading: false,
      error: null,
      streamingText: '',
      activeQuery: query,
      currentConcept: { query: hit.query, content: hit.content },
      recent: withRecent(s.recent, hit.query, Date.now()),
    }));
    return;
  }

  const mine = new AbortController();
  inFlight = mine;
  set({
    loading: true,
    error: null,
    streamingText: '',
    activeQuery: query,
    pendingProvider: resolveProvider(aiProvider, known) ?? null,
    pendingLanguage: ask.language,
  });
  try {
    const info = known ?? (await useProviders.getState().load());
    const provider = resolveProvider(aiProvider, info);
    // Known only now on a first search: the language the provider that answers can write.
    const language = languageWith(info);
    if (inFlight !== mine) return;
    set({ pendingProvider: provider ?? null, pendingLanguage: language });
    const content = await requestExplanation(
      {
        query,
        template,
        difficulty,
        language,
        provider,
        username: user?.username ?? 'anonymous',
        // Regenerate asks the server for a new answer, not its cached one.
        ...(useCache ? {} : { fresh: true }),
      },
      {
        signal: mine.signal,
        onDelta: (text) => {
          if (inFlight === mine) set((s) => ({ streamingText: s.streamingText + text }));
        },
        // The server asks again or falls back: the text so far is not shown any longer.
        onRetry: () => {
          if (inFlight === mine) set({ streamingText: '' });
        },
      },
    );
    if (inFlight !== mine) return;
    const now = Date.now();
    const entry: CachedConcept = {
      id: String(now),
      query,
      content,
      timestamp: now,
      template,
      difficulty,
      language,
    };
    // The new answer goes first and replaces an older one for the same key (regenerate).
    const others = get().concepts.filter((c) => !matches(c, { ...ask, language }));
    set((s) => ({
      loading: false,
      streamingText: '',
      pendingProvider: null,
      pendingLanguage: null,
      currentConcept: { query, content },
      concepts: [entry, ...others].slice(0, MAX_CACHED_CONCEPTS),
      recent: withRecent(s.recent, query, now),
    }));
  } catch (error) {
    if (inFlight !== mine) return;
    set({
      loading: false,
      streamingText: '',
      pendingProvider: null,
      pendingLanguage: null,
      error: toExplainError(error),
    });
  } finally {
    if (inFlight === mine) inFlight = null;
  }
}

interface Saved {
  owner: string | null;
  concepts: CachedConcept[];
  recent: RecentConcept[];
}

function restore(saved: unknown): Pick<ConceptState, 'concepts' | 'recent'> {
  const value = (saved ?? {}) as Partial<Saved>;
  // Lists belong to the user who made them; another account on this browser starts empty.
  if (!value.owner || value.owner !== useAuth.getState().user?.username) {
    return { concepts: [], recent: [] };
  }
  const concepts = (Array.isArray(value.concepts) ? value.concepts : []).filter(
    (c) => typeof c?.query === 'string' && explainResponseSchema.safeParse(c.content).success,
  );
  const recent = (Array.isArray(value.recent) ? value.recent : []).filter(
    (r) => typeof r?.query === 'string' && typeof r.timestamp === 'number',
  );
  return { concepts, recent };
}

export const useConceptStore = create<ConceptState>()(
  persist(
    (set, get) => ({
      ...EMPTY,
      search: (query) => run(set, get, query, true),
      regenerate: async () => {
        const query = get().currentConcept?.query ?? get().activeQuery;
        if (query) await run(set, get, query, false);
      },
      clear: () => {
        inFlight?.abort();
        inFlight = null;
        set({ ...EMPTY });
        forgetSavedConcepts();
      },
    }),
    {
      name: CONCEPTS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): Saved => ({
        owner: useAuth.getState().user?.username ?? null,
        concepts: s.concepts.slice(0, MAX_CACHED_CONCEPTS),
        recent: s.recent,
      }),
      merge: (saved, current) => ({ ...current, ...restore(saved) }),
    },
  ),
);

onSignOut(() => useConceptStore.getState().clear());
