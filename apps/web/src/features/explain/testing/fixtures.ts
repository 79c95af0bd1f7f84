import {
  type ExplainResponse,
  LANGUAGE_IDS,
  type ProvidersResponse,
  type User,
} from '@grasp/contract';
import { vi } from 'vitest';
import { setupApiClient } from '../../../app/api-setup.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { json, sse, sseEvent } from '../../../testing/api-fixtures.ts';
import { useSettings } from '../../settings/settings-store.ts';
import { useProviders } from '../api/providers-store.ts';
import { useConceptStore } from '../stores/concept-store.ts';

/** Test helpers for the explain feature: a user, canned answers and a fetch stub for our API. */
export function makeUser(plan = 'free'): User {
  return {
    id: 'u1',
    username: 'asha',
    name: 'Asha',
    fullName: 'Asha Rao',
    email: 'asha@example.org',
    mobile: '9876543210',
    avatar: null,
    plan,
    interfaceLanguage: 'en',
  };
}

export const MARKDOWN =
  '## 🧠 Core Understanding (0-30 seconds)\nPlants make food from light.\n\n## Related Concepts\n- Chlorophyll\n- Respiration';

export function makeResponse(overrides: Partial<ExplainResponse> = {}): ExplainResponse {
  return {
    explanationId: 'exp-1',
    response: MARKDOWN,
    provider: 'offline',
    template: 'default',
    difficulty: 'beginner',
    language: 'en',
    cached: false,
    sources: [],
    relatedConcepts: ['Chlorophyll', 'Respiration'],
    suggestedQuestions: ['How is chlorophyll different from a pigment?'],
    ...overrides,
  };
}

export const PROVIDERS: ProvidersResponse = {
  providers: [
    { id: 'offline', label: 'Offline (WordNet dictionary)', available: true, languages: ['en'] },
    { id: 'remote-google', label: 'Google Gemini', available: false, languages: [...LANGUAGE_IDS] },
    { id: 'remote-openai', label: 'OpenAI GPT', available: true, languages: [...LANGUAGE_IDS] },
  ],
  default: 'offline',
};

export { json, sse } from '../../../testing/api-fixtures.ts';

export function sseAnswer(answer: ExplainResponse, pieces = 3): Response {
  const size = Math.ceil(answer.response.length / pieces);
  const deltas = Array.from({ length: pieces }, (_, i) =>
    answer.response.slice(i * size, (i + 1) * size),
  );
  return sse([...deltas.map((text) => sseEvent('delta', { text })), sseEvent('done', answer)]);
}

type ExplainHandler = (
  body: Record<string, unknown>,
  init: RequestInit,
) => Response | Promise<Response>;

/** Stubs fetch: the providers list, and explain calls answered by `explain`. */
export function stubApi(explain: ExplainHandler, providers: ProvidersResponse = PROVIDERS) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.endsWith('/api/ai/providers')) return json(providers);
    if (url.endsWith('/api/ai/aiResponseGoogle')) {
      return explain(JSON.parse(String(init.body)) as Record<string, unknown>, init);
    }
    return json({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function explainCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/ai/aiResponseGoogle'));
}

/** Fresh stores for each test: a signed-in user, default settings, nothing cached. */
export function resetStores(plan = 'free'): void {
  // As at start-up: the API client takes the auth store's token and logs out on 401.
  setupApiClient();
  useAuth.setState({ user: makeUser(plan), token: 'tok', loginTime: Date.now() });
  useSettings.setState({
    difficulty: 'beginner',
    aiProvider: 'remote-google',
    promptTemplate: 'default',
    language: 'en',
  });
  useProviders.setState({ data: null, status: 'idle' });
  useConceptStore.getState().clear();
}
