import {
  type ConceptStatus,
  type DistillResponse,
  distillTemplate,
  type ExplainResponse,
  type LanguageId,
  type MaterialRef,
  type ProviderId,
  type TemplateId,
  VALIDATION_MESSAGES,
} from '@grasp/contract';
import { create } from 'zustand';
import { onSignOut, useAuth } from '../../../lib/auth-store.ts';
import { resolveProvider, useProviders } from '../../explain/api/providers-store.ts';
import { requestExplanation } from '../../explain/api/request-explanation.ts';
import { type ExplainError, toExplainError } from '../../explain/lib/explain-errors.ts';
import { effectiveLanguage, languageAccess } from '../../explain/lib/language-access.ts';
import { effectiveTemplate } from '../../explain/lib/template-access.ts';
import { useSettings } from '../../settings/settings-store.ts';
import { fetchConceptHistory } from '../api/concept-history.ts';
import { distillConcepts } from '../api/distill-concepts.ts';
import { type DistillError, toDistillError } from '../lib/distill-errors.ts';

/** A card's explanation, shown inline with the dashboard's own views. */
export type CardExplanation =
  | { status: 'idle' }
  | { status: 'loading'; text: string; provider: ProviderId | null }
  | { status: 'done'; content: ExplainResponse }
  | { status: 'error'; error: ExplainError };

/** SPEC.md §3: name, template, loading, hasHistory; plus the explanation and where it stands. */
export interface DistilledConcept {
  name: string;
  template: TemplateId;
  loading: boolean;
  hasHistory: boolean;
  explanation: CardExplanation;
  /** For the learning map (DESIGN.md §8): new, explained, due for a recap, or known. */
  status: ConceptStatus;
}

export type Prerequisite = DistillResponse['prerequisites'][number];

export interface DistillState {
  /** The subject the listed concepts came from (a material's title for a material). */
  subject: string;
  /** The learner's material the list came from; its explanations are grounded in it. */
  material: MaterialRef | null;
  distilling: boolean;
  error: DistillError | null;
  concepts: DistilledConcept[];
  /** Which concept to learn before which: the map's arrows. */
  prerequisites: Prerequisite[];
  /** The one card whose explanation is open (the result view's ids are unique per page). */
  openConcept: string | null;
  distill: (subject: string) => Promise<void>;
  /** Distils the learner's own material (DESIGN.md §10). */
  distillMaterial: (material: MaterialRef) => Promise<void>;
  /** Stops a distillation in progress; the previous list stays. */
  cancel: () => void;
  explain: (name: string, fresh?: boolean) => Promise<void>;
  toggleOpen: (name: string) => void;
  /** The learning map's click: explains the concept, or opens its explanation if it has one. */
  show: (name: string) => void;
  clearError: () => void;
  reset: () => void;
}

const EMPTY = {
  subject: '',
  material: null,
  distilling: false,
  error: null,
  concepts: [],
  prerequisites: [],
  openConcept: null,
} satisfies Partial<DistillState>;

// Calls in flight. A newer distillation, cancel() or reset() drops the distillation's answer;
// a new list or reset() drops the cards' answers (and history checks) of the old list.
let distillCall: AbortController | null = null;
let distillVersion = 0;
const explainCalls = new Map<string, AbortController>();
let listVersion = 0;

/** The provider the settings choose, and the language it is asked in (the dashboard's rule). */
async function chosenProvider(): Promise<{
  provider: ProviderId | undefined;
  language: LanguageId;
}> {
  const providers = useProviders.getState();
  const info = providers.data ?? (await providers.load());
  const { aiProvider, language } = useSettings.getState();
  return {
    provider: resolveProvider(aiProvider, info),
    language: effectiveLanguage(language, languageAccess(aiProvider, info)),
  };
}

function stopDistilling(): void {
  distillCall?.abort();
  distillCall = null;
  distillVersion += 1;
}

function dropList(): void {
  for (const call of explainCalls.values()) call.abort();
  explainCalls.clear();
  listVersion += 1;
}

export const useDistillStore = create<DistillState>()((set, get) => {
  const patch = (name: string, change: Partial<DistilledConcept>) =>
    set((s) => ({ concepts: s.concepts.map((c) => (c.name === name ? { ...c, ...change } : c)) }));

  /** GET history per concept, in parallel; a failed check just leaves the marker off. */
  const checkHistory = (names: readonly string[], mine: number) => {
    for (const name of names) {
      fetchConceptHistory(name)
        .then((entries) => {
          if (listVersion === mine) patch(name, { hasHistory: entries.length > 0 });
        })
        .catch(() => undefined);
    }
  };

  /** One distillation, of a subject or of a material; a newer one drops this one's answer. */
  const run = async (subject: string, material: MaterialRef | null) => {
    const user = useAuth.getState().user;
    if (!user) {
      set({ error: { kind: 'validation', message: VALIDATION_MESSAGES.userNotLoggedIn } });
      return;
    }
    stopDistilling();
    const mine = distillVersion;
    const call = new AbortController();
    distillCall = call;
    set({ distilling: true, error: null });
    try {
      const { provider } = await chosenProvider();
      const result = await distillConcepts(
        material
          ? { materialId: material.materialId, username: user.username, provider }
          : {
              subject,
              username: user.username,
              template: distillTemplate(subject, user.plan),
              provider,
            },
        call.signal,
      );
      if (distillVersion !== mine) return;
      dropList();
      set({
        subject,
        material,
        distilling: false,
        openConcept: null,
        prerequisites: result.prerequisites,
        concepts: result.concepts.map((name) => ({
          name,
          template: result.template,
          loading: false,
          hasHistory: false,
          explanation: { status: 'idle' },
          status: result.status[name] ?? 'new',
        })),
      });
      checkHistory(result.concepts, listVersion);
    } catch (error) {
      if (distillVersion !== mine) return;
      set({ distilling: false, error: toDistillError(error) });
    } finally {
      if (distillCall === call) distillCall = null;
    }
  };

  return {
    ...EMPTY,

    async distill(rawSubject) {
      const subject = rawSubject.trim();
      if (!subject) {
        set({ error: { kind: 'validation', message: VALIDATION_MESSAGES.emptySubject } });
        return;
      }
      await run(subject, null);
    },

    async distillMaterial(material) {
      await run(material.title, material);
    },

    cancel() {
      stopDistilling();
      set({ distilling: false });
    },

    async explain(name, fresh = false) {
      const { concepts, material } = get();
      const concept = concepts.find((c) => c.name === name);
      if (!concept || concept.loading) return;
      const user = useAuth.getState().user;
      const mine = listVersion;
      const call = new AbortController();
      explainCalls.set(name, call);
      set({ openConcept: name });
      patch(name, { loading: true, explanation: { status: 'loading', text: '', provider: null } });
      try {
        const { provider, language } = await chosenProvider();
        if (listVersion !== mine) return;
        patch(name, { explanation: { status: 'loading', text: '', provider: provider ?? null } });
        const content = await requestExplanation(
          {
            query: name,
            // The distiller's template where the plan allows it, else the default (DESIGN.md §4).
            template: effectiveTemplate(concept.template, user?.plan),
            difficulty: useSettings.getState().difficulty,
            language,
            provider,
            username: user?.username ?? 'anonymous',
            ...(fresh ? { fresh: true } : {}),
            ...(material ? { materialId: material.materialId } : {}),
          },
          {
            signal: call.signal,
            onDelta: (text) => {
              if (listVersion !== mine) return;
              const current = get().concepts.find((c) => c.name === name)?.explanation;
              if (current?.status !== 'loading') return;
              patch(name, { explanation: { ...current, text: current.text + text } });
            },
          },
        );
        if (listVersion !== mine) return;
        patch(name, {
          loading: false,
          hasHistory: true,
          explanation: { status: 'done', content },
          // Explained now; a due or known concept keeps its recap status.
          ...(concept.status === 'new' ? { status: 'explained' as const } : {}),
        });
      } catch (error) {
        if (listVersion !== mine) return;
        patch(name, {
          loading: false,
          explanation: { status: 'error', error: toExplainError(error) },
        });
      } finally {
        if (explainCalls.get(name) === call) explainCalls.delete(name);
      }
    },

    toggleOpen(name) {
      set((s) => ({ openConcept: s.openConcept === name ? null : name }));
    },

    show(name) {
      const concept = get().concepts.find((c) => c.name === name);
      if (!concept) return;
      if (concept.loading || concept.explanation.status === 'done') set({ openConcept: name });
      else void get().explain(name);
    },

    clearError: () => set({ error: null }),

    reset() {
      stopDistilling();
      dropList();
      set({ ...EMPTY });
    },
  };
});

onSignOut(() => useDistillStore.getState().reset());
